ALTER TABLE "callback_calls" ADD COLUMN "draft_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "callback_calls_draft_idx" ON "callback_calls" USING btree ("callback_id","draft_id");