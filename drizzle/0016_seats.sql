CREATE TABLE "game_eliminations" (
	"game_id" text NOT NULL,
	"n" integer NOT NULL,
	"army" text NOT NULL,
	"reason" text NOT NULL,
	"after_ply" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_eliminations_game_id_n_pk" PRIMARY KEY("game_id","n"),
	CONSTRAINT "game_eliminations_reason" CHECK ("game_eliminations"."reason" in ('resignation', 'timeout')),
	CONSTRAINT "game_eliminations_after_ply_nonnegative" CHECK ("game_eliminations"."after_ply" >= 0)
);
--> statement-breakpoint
CREATE TABLE "game_seats" (
	"game_id" text NOT NULL,
	"seat" integer NOT NULL,
	"army" text NOT NULL,
	"user_id" text,
	"bot_level" integer,
	"place" integer,
	"score" integer,
	"winner" boolean DEFAULT false NOT NULL,
	CONSTRAINT "game_seats_game_id_seat_pk" PRIMARY KEY("game_id","seat"),
	CONSTRAINT "game_seats_seat_range" CHECK ("game_seats"."seat" between 0 and 7),
	CONSTRAINT "game_seats_army_letter" CHECK ("game_seats"."army" ~ '^[a-z]$'),
	CONSTRAINT "game_seats_bot_has_player" CHECK ("game_seats"."bot_level" is null or "game_seats"."user_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "games" DROP CONSTRAINT "games_players_set";--> statement-breakpoint
ALTER TABLE "games" DROP CONSTRAINT "games_result_iff_finished";--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "seat_count" integer;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "ending" text;--> statement-breakpoint
ALTER TABLE "game_eliminations" ADD CONSTRAINT "game_eliminations_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_seats" ADD CONSTRAINT "game_seats_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_seats" ADD CONSTRAINT "game_seats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_eliminations_game_army_key" ON "game_eliminations" USING btree ("game_id","army");--> statement-breakpoint
CREATE UNIQUE INDEX "game_seats_game_army_key" ON "game_seats" USING btree ("game_id","army");--> statement-breakpoint
CREATE UNIQUE INDEX "game_seats_game_user_key" ON "game_seats" USING btree ("game_id","user_id") WHERE "game_seats"."bot_level" is null;--> statement-breakpoint
CREATE INDEX "game_seats_user_id_idx" ON "game_seats" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_seat_count_range" CHECK ("games"."seat_count" between 3 and 8);--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_multi_no_result" CHECK ("games"."seat_count" is null or ("games"."result" is null and "games"."white_id" is null and "games"."black_id" is null));--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_players_set" CHECK ("games"."status" in ('open', 'cancelled') or ("games"."white_id" is not null and "games"."black_id" is not null) or "games"."imported_by" is not null or "games"."seat_count" is not null);--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_result_iff_finished" CHECK ("games"."seat_count" is not null or ("games"."status" = 'finished') = ("games"."result" is not null));