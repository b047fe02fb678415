ALTER TABLE "responder_positions" ADD COLUMN "activated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "responder_positions" ADD COLUMN "is_bot" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "responder_positions" ADD COLUMN "is_tester" boolean DEFAULT false NOT NULL;