ALTER TABLE "games" ADD COLUMN "chat_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reply_tokens" ADD COLUMN "played_move" text;--> statement-breakpoint
-- The chat has its own version now (docs/chat.md): the notification names it too, and a message
-- publishes though the game's updated_at stays; the event stream tells only the players of it.
CREATE OR REPLACE FUNCTION "notify_game_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('game_changed', NEW.id || ' ' || floor(extract(epoch FROM NEW.updated_at) * 1000)::bigint || ' ' || NEW.chat_version);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "games_notify_changed" ON "games";
--> statement-breakpoint
CREATE TRIGGER "games_notify_changed" AFTER UPDATE OF "updated_at", "chat_version" ON "games"
  FOR EACH ROW WHEN (NEW.updated_at IS DISTINCT FROM OLD.updated_at OR NEW.chat_version IS DISTINCT FROM OLD.chat_version)
  EXECUTE FUNCTION "notify_game_changed"();
