CREATE TABLE "conditional_moves" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"game_id" text NOT NULL,
	"player_id" text NOT NULL,
	"ply" integer NOT NULL,
	"moves" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conditional_moves_ply_nonnegative" CHECK ("conditional_moves"."ply" >= 0)
);
--> statement-breakpoint
ALTER TABLE "conditional_moves" ADD CONSTRAINT "conditional_moves_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conditional_moves" ADD CONSTRAINT "conditional_moves_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conditional_moves_game_idx" ON "conditional_moves" USING btree ("game_id","player_id");