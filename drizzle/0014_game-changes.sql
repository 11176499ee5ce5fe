-- Every change to a game's version (its updated_at, app/games/[id]/load.ts) is published on the
-- channel game_changed as "<game id> <version in ms>", for the pushed updates of
-- app/games/[id]/events (docs/pushed-updates.md). A trigger, not a call at each write: no write
-- can forget it, it costs no round trip, and PostgreSQL delivers the notification only when the
-- transaction commits (never for one rolled back).
CREATE FUNCTION "notify_game_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('game_changed', NEW.id || ' ' || floor(extract(epoch FROM NEW.updated_at) * 1000)::bigint);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "games_notify_changed" AFTER UPDATE OF "updated_at" ON "games"
  FOR EACH ROW WHEN (NEW.updated_at IS DISTINCT FROM OLD.updated_at) EXECUTE FUNCTION "notify_game_changed"();
