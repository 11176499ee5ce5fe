CREATE TYPE "public"."piece_set" AS ENUM('traditional', 'western');--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "piece_set" "piece_set" DEFAULT 'traditional' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "shogi_coordinates" boolean DEFAULT false NOT NULL;