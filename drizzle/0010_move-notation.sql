CREATE TYPE "public"."move_notation" AS ENUM('coordinates', 'san');--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "move_notation" "move_notation" DEFAULT 'coordinates' NOT NULL;