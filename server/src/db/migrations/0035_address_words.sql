CREATE TABLE "address_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "address_words_trgm_idx" ON "address_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "address_streets_words_idx" ON "address_streets" USING gin (to_tsvector('simple', "search_key"));--> statement-breakpoint
INSERT INTO "address_words" ("word") SELECT DISTINCT unnest(string_to_array("search_key", ' ')) FROM "address_streets" ON CONFLICT DO NOTHING;
