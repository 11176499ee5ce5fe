ALTER TABLE "games" ADD COLUMN "chat_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reply_tokens" ADD COLUMN "played_move" text;