CREATE TYPE "public"."board_orientation" AS ENUM('player', 'white');--> statement-breakpoint
CREATE TYPE "public"."email_status" AS ENUM('pending', 'sending', 'sent', 'failed');--> statement-breakpoint
CREATE TYPE "public"."game_result" AS ENUM('1-0', '0-1', '1/2-1/2');--> statement-breakpoint
CREATE TYPE "public"."game_status" AS ENUM('open', 'active', 'finished', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."invitation_kind" AS ENUM('user', 'email', 'link', 'open');--> statement-breakpoint
CREATE TYPE "public"."invitation_status" AS ENUM('pending', 'accepted', 'declined', 'withdrawn');--> statement-breakpoint
CREATE TYPE "public"."notify_mode" AS ENUM('every-move', 'digest', 'none');--> statement-breakpoint
CREATE TYPE "public"."visibility" AS ENUM('public', 'unlisted', 'private');--> statement-breakpoint
CREATE TABLE "accounts" (
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"provider" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"refresh_token" text,
	"access_token" text,
	"expires_at" integer,
	"token_type" text,
	"scope" text,
	"id_token" text,
	"session_state" text,
	CONSTRAINT "accounts_provider_provider_account_id_pk" PRIMARY KEY("provider","provider_account_id")
);
--> statement-breakpoint
CREATE TABLE "dev_mailbox" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"message_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"to_address" text NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"payload" jsonb,
	"status" "email_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"message_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "email_outbox_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"variant" text NOT NULL,
	"white_id" text,
	"black_id" text,
	"status" "game_status" DEFAULT 'open' NOT NULL,
	"result" "game_result",
	"end_reason" text,
	"start_fen" text NOT NULL,
	"current_fen" text NOT NULL,
	"ply" integer DEFAULT 0 NOT NULL,
	"days_per_move" integer NOT NULL,
	"deadline" timestamp with time zone,
	"visibility" "visibility" DEFAULT 'public' NOT NULL,
	"draw_offer_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_move_at" timestamp with time zone,
	CONSTRAINT "games_players_set" CHECK ("games"."status" in ('open', 'cancelled') or ("games"."white_id" is not null and "games"."black_id" is not null)),
	CONSTRAINT "games_distinct_players" CHECK ("games"."white_id" <> "games"."black_id"),
	CONSTRAINT "games_result_iff_finished" CHECK (("games"."status" = 'finished') = ("games"."result" is not null)),
	CONSTRAINT "games_ply_nonnegative" CHECK ("games"."ply" >= 0),
	CONSTRAINT "games_days_per_move_positive" CHECK ("games"."days_per_move" > 0)
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL,
	"game_id" text NOT NULL,
	"from_id" text NOT NULL,
	"to_email" text,
	"to_user_id" text,
	"kind" "invitation_kind" NOT NULL,
	"status" "invitation_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_token_unique" UNIQUE("token"),
	CONSTRAINT "invitations_user_has_target" CHECK ("invitations"."kind" <> 'user' or "invitations"."to_user_id" is not null),
	CONSTRAINT "invitations_email_has_address" CHECK ("invitations"."kind" <> 'email' or "invitations"."to_email" is not null)
);
--> statement-breakpoint
CREATE TABLE "moves" (
	"game_id" text NOT NULL,
	"ply" integer NOT NULL,
	"text" text NOT NULL,
	"fen_after" text NOT NULL,
	"player_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moves_game_id_ply_pk" PRIMARY KEY("game_id","ply"),
	CONSTRAINT "moves_ply_positive" CHECK ("moves"."ply" >= 1)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"session_token" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"expires" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"name" text,
	"email" text,
	"email_verified" timestamp with time zone,
	"image" text,
	"notify" "notify_mode" DEFAULT 'every-move' NOT NULL,
	"board_orientation" "board_orientation" DEFAULT 'player' NOT NULL,
	"confirm_moves" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verification_tokens" (
	"identifier" text NOT NULL,
	"token" text NOT NULL,
	"expires" timestamp with time zone NOT NULL,
	CONSTRAINT "verification_tokens_identifier_token_pk" PRIMARY KEY("identifier","token")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_white_id_users_id_fk" FOREIGN KEY ("white_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_black_id_users_id_fk" FOREIGN KEY ("black_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_draw_offer_by_users_id_fk" FOREIGN KEY ("draw_offer_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_from_id_users_id_fk" FOREIGN KEY ("from_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moves" ADD CONSTRAINT "moves_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moves" ADD CONSTRAINT "moves_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "dev_mailbox_created_at_idx" ON "dev_mailbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "games_white_id_idx" ON "games" USING btree ("white_id");--> statement-breakpoint
CREATE INDEX "games_black_id_idx" ON "games" USING btree ("black_id");--> statement-breakpoint
CREATE INDEX "games_status_deadline_idx" ON "games" USING btree ("status","deadline");--> statement-breakpoint
CREATE INDEX "games_status_created_at_idx" ON "games" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "invitations_game_id_idx" ON "invitations" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "invitations_to_user_id_status_idx" ON "invitations" USING btree ("to_user_id","status");--> statement-breakpoint
CREATE INDEX "invitations_to_email_idx" ON "invitations" USING btree (lower("to_email"));--> statement-breakpoint
CREATE INDEX "invitations_from_id_status_idx" ON "invitations" USING btree ("from_id","status");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_name_lower_key" ON "users" USING btree (lower("name"));