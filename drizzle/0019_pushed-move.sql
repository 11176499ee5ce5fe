-- A move's notification carries the move (docs/pushed-updates.md#what-an-event-says), so the
-- opponent's page applies it instead of reading the game again: "<id> <version> <chat version>",
-- then for a move of a game of two still on, " <ply> <deadline in ms or -> <draw offer: white,
-- black or -> <move text>". The event stream passes the move on only where the subscriber may see
-- it (never in fog: app/games/[id]/events/route.ts).
--
-- Deferred to the commit, the trigger reads the row as the transaction leaves it: a move and the
-- conditional answer played after it in one transaction share one version, and the notification
-- names the answer, not the move before it. PostgreSQL folds identical notifications of one
-- transaction into one. Nothing here may fail (a failure at commit would lose the move): the move
-- is left out when it would make the payload too long for pg_notify (8,000 bytes).
CREATE OR REPLACE FUNCTION "notify_game_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  g "games"%ROWTYPE;
  moved text;
  payload text;
BEGIN
  SELECT * INTO g FROM "games" WHERE "id" = NEW."id";
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  payload := g."id" || ' ' || floor(extract(epoch FROM g."updated_at") * 1000)::bigint || ' ' || g."chat_version";
  IF g."status" = 'active' AND g."seat_count" IS NULL AND g."ply" > 0 AND g."last_move_at" = g."updated_at" THEN
    SELECT "text" INTO moved FROM "moves" WHERE "game_id" = g."id" AND "ply" = g."ply";
    IF moved IS NOT NULL AND octet_length(moved) + octet_length(payload) <= 7000 THEN
      payload := payload || ' ' || g."ply" || ' '
        || coalesce(floor(extract(epoch FROM g."deadline") * 1000)::bigint::text, '-') || ' '
        || CASE WHEN g."draw_offer_by" = g."white_id" THEN 'white' WHEN g."draw_offer_by" = g."black_id" THEN 'black' ELSE '-' END
        || ' ' || moved;
    END IF;
  END IF;
  PERFORM pg_notify('game_changed', payload);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "games_notify_changed" ON "games";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "games_notify_changed" AFTER UPDATE OF "updated_at", "chat_version" ON "games"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.updated_at IS DISTINCT FROM OLD.updated_at OR NEW.chat_version IS DISTINCT FROM OLD.chat_version)
  EXECUTE FUNCTION "notify_game_changed"();
