ALTER TABLE "games" ADD COLUMN "choosing_setups" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "white_setup" integer;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "black_setup" integer;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_no_move_while_choosing" CHECK (not "games"."choosing_setups" or "games"."ply" = 0);--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_setups_nonnegative" CHECK ("games"."white_setup" >= 0 and "games"."black_setup" >= 0);