ALTER TABLE "users" ADD COLUMN "bot_level" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "users_bot_level_key" ON "users" USING btree ("bot_level") WHERE "users"."bot_level" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_bot_level_range" CHECK ("users"."bot_level" between 1 and 8);--> statement-breakpoint
-- The bots' accounts, one per level (lib/games/bots.ts): addresses in the reserved .invalid
-- domain (RFC 2606), no mail wanted. A person's name cannot imitate theirs (lib/auth/profile.ts).
INSERT INTO "users" ("name", "email", "notify", "bot_level")
SELECT 'Bot-level-' || level, 'bot-level-' || level || '@bots.invalid', 'none', level
FROM generate_series(1, 8) AS level
ON CONFLICT DO NOTHING;
