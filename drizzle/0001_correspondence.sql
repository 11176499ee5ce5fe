ALTER TABLE "games" ADD COLUMN "reminder_ply" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "vacation_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "vacation_used_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "vacation_year" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_digest_at" timestamp with time zone;