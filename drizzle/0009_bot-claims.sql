ALTER TABLE "games" ADD COLUMN "bot_claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "bot_failures" integer DEFAULT 0 NOT NULL;