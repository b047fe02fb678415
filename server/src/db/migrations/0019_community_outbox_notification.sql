ALTER TABLE "push_outbox" ADD COLUMN "notification_id" integer;--> statement-breakpoint
CREATE INDEX "push_outbox_notification_id_idx" ON "push_outbox" USING btree ("notification_id","status") WHERE notification_id IS NOT NULL;--> statement-breakpoint
-- The notification id moves from payload.data.notificationId to its own column; a stopped
-- notification's messages become 'held' instead of pending at an infinite date.
UPDATE "push_outbox" SET "notification_id" = ("payload" -> 'data' ->> 'notificationId')::integer
 WHERE "kind" = 'NOTIFICATION' AND "notification_id" IS NULL AND ("payload" -> 'data' ->> 'notificationId') ~ '^[0-9]+$';--> statement-breakpoint
UPDATE "push_outbox" SET "status" = 'held' WHERE "notification_id" IS NOT NULL AND "status" = 'pending' AND "next_attempt_at" = 'infinity';--> statement-breakpoint
DROP INDEX IF EXISTS "push_outbox_notification_idx";
