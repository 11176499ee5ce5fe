ALTER TABLE "games" DROP CONSTRAINT "games_players_set";--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "imported_by" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "white_name" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "black_name" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "import_tags" jsonb;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "games_archive_last_move_idx" ON "games" USING btree (coalesce("last_move_at", "created_at"),"id") WHERE "games"."visibility" = 'public' and "games"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "games_archive_created_idx" ON "games" USING btree ("created_at","id") WHERE "games"."visibility" = 'public' and "games"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "games_archive_variant_last_move_idx" ON "games" USING btree ("variant",coalesce("last_move_at", "created_at"),"id") WHERE "games"."visibility" = 'public' and "games"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "games_archive_variant_created_idx" ON "games" USING btree ("variant","created_at","id") WHERE "games"."visibility" = 'public' and "games"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "games_white_name_idx" ON "games" USING btree (lower("white_name")) WHERE "games"."white_name" is not null;--> statement-breakpoint
CREATE INDEX "games_black_name_idx" ON "games" USING btree (lower("black_name")) WHERE "games"."black_name" is not null;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_players_set" CHECK ("games"."status" in ('open', 'cancelled') or ("games"."white_id" is not null and "games"."black_id" is not null) or "games"."imported_by" is not null);