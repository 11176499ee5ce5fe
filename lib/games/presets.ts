/**
 * Presets: games players declare (docs/presets.md). A preset is a slug (its address), a name,
 * its author and a rules text; what it plays is its versions', each an immutable text in one
 * of the formats lib/rules/presets reads. Publishing again makes a new version; a game names
 * the version it started with in games.variant (`preset.<slug>.<number>`), so it keeps it.
 *
 * The rules module does no I/O: before any rules call on a stored game of a preset, the
 * service declares that version's game (`declarePresetVariants`, once per process per
 * version: versions never change). The text is parsed again here when published, whatever
 * the editor in the browser said.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import { countEventsSince, recordEvents } from "@/lib/auth/rate-limit";
import type { Db, Executor } from "@/lib/db/client";
import { presetVersions, presets, users } from "@/lib/db/schema";
import { RulesError, declareVariant, parsePreset, type VariantDecl } from "@/lib/rules";
import { GameError } from "./errors";
import { PUBLISHES_PER_DAY, isPresetVariant, presetVariantId, publishInput, slugSchema, type PublishInput } from "./preset-ids";

export {
  MAX_PRESET_CHARS, MAX_RULES_CHARS, PUBLISHES_PER_DAY, isGameId, isPresetVariant, presetOfVariant, presetVariantId, publishInput, slugSchema,
  type PublishInput,
} from "./preset-ids";

export interface Published {
  slug: string;
  version: number;
  variant: string;
  /** False when the text and name were those of the newest version: only the rules text changed (counted all the same). */
  newVersion: boolean;
}

/**
 * A preset's text read as the game it declares, under the version's id and name, or why not
 * (the parser's words, "line N: …"). Only plain data: a declaration a preset can say is what
 * the database keeps and the browser receives.
 */
export function presetVersionDeclaration(text: string, variant: string, name: string): { ok: true; decl: VariantDecl; format: string } | { ok: false; error: string } {
  const parsed = parsePreset(text);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  return { ok: true, decl: { ...parsed.value.decl, id: variant, name }, format: parsed.value.format };
}

/** What a player is told of a game whose preset version the rules no longer read (a later parser refuses its text). */
export const UNREADABLE_PRESET = "this game's preset version can no longer be read by the rules; its moves are kept, but it cannot be shown or played";

/** The preset versions whose text no longer reads, with why (versions never change, the parser only with a new process). */
const unreadable = new Map<string, string>();

/** Whether a game id names a stored preset version the rules no longer read (known once declarePresetVariants met it). */
export const isUnreadablePreset = (variant: string) => unreadable.has(variant);

/** Refuses, in players' words, a game of a preset version the rules no longer read (after declarePresetVariants). */
export function refuseUnreadable(variant: string): void {
  if (unreadable.has(variant)) throw new GameError("unreadable", UNREADABLE_PRESET);
}

/** The preset versions this process has declared, and their declarations (versions never change). */
const declared = new Map<string, VariantDecl>();

function declare(decl: VariantDecl): void {
  declareVariant(decl);
  declared.set(decl.id, decl);
}

/**
 * The declaration of a preset version this process has declared (declarePresetVariants), for
 * the game page to hand to the browser, which declares it too before building its Game.
 */
export function declaredPreset(variant: string): VariantDecl | undefined {
  return declared.get(variant);
}

/**
 * Publishes a preset: a new one under a free slug, or a new version of the author's own.
 * Only the author publishes new versions; anyone else is refused. The text is parsed, and
 * its game built, before anything is stored.
 */
export async function publishPreset(db: Db, userId: string, raw: PublishInput, now = new Date()): Promise<Published> {
  const parsedInput = publishInput.safeParse(raw);
  if (!parsedInput.success) throw new GameError("invalid", parsedInput.error.issues.map((i) => i.message).join("; "));
  const input = parsedInput.data;
  // parsePreset builds the game and checks its limits, so a text the engine cannot play is refused
  // before a number is given to it; the id is the version's, set once the number is known.
  const trial = presetVersionDeclaration(input.text, "", input.name);
  if (!trial.ok) throw new GameError("invalid", trial.error);
  const result = await db.transaction(async (tx) => {
    // The author's row lock: two publications at once are counted one after the other.
    const [me] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!me) throw new GameError("not-found", "no such player");
    if (!me.name) throw new GameError("forbidden", "choose a display name first");
    if ((await countEventsSince(tx, "preset-publish", userId, new Date(now.getTime() - 24 * 3600_000))) >= PUBLISHES_PER_DAY) {
      throw new GameError("limited", `you can publish at most ${PUBLISHES_PER_DAY} presets or versions a day; try again tomorrow`);
    }
    let [preset] = await tx.select().from(presets).where(eq(presets.slug, input.slug)).for("update");
    let version = 1;
    if (!preset) {
      [preset] = await tx.insert(presets).values({
        slug: input.slug, authorId: userId, name: input.name, rulesText: input.rules, createdAt: now, updatedAt: now,
      }).onConflictDoNothing({ target: presets.slug }).returning();
      // Someone took the address in the same instant.
      if (!preset) throw new GameError("invalid", `the address ${input.slug} was just taken; choose another`);
    } else {
      if (preset.authorId !== userId) {
        throw new GameError("forbidden", `the preset at ${input.slug} is someone else's: only its author publishes new versions; choose another address for yours`);
      }
      const [latest] = await tx.select().from(presetVersions)
        .where(and(eq(presetVersions.presetId, preset.id), eq(presetVersions.number, preset.latestVersion)));
      if (latest && latest.text === input.text && latest.name === input.name) {
        // Only the rules text changes: it is the preset's, beside every version's games (the preset's
        // page says so). Counted like a publication, but not news: lists keep their order.
        await tx.update(presets).set({ rulesText: input.rules }).where(eq(presets.id, preset.id));
        await recordEvents(tx, [{ bucket: "preset-publish", key: userId }], now);
        return { slug: preset.slug, version: latest.number, variant: latest.variant, newVersion: false, decl: null };
      }
      version = preset.latestVersion + 1;
      await tx.update(presets).set({ name: input.name, rulesText: input.rules, latestVersion: version, updatedAt: now })
        .where(eq(presets.id, preset.id));
    }
    const variant = presetVariantId(preset.slug, version);
    await tx.insert(presetVersions).values({
      presetId: preset.id, number: version, variant, name: input.name, format: trial.format, text: input.text, createdAt: now,
    });
    await recordEvents(tx, [{ bucket: "preset-publish", key: userId }], now);
    return { slug: preset.slug, version, variant, newVersion: true, decl: { ...trial.decl, id: variant } };
  });
  // Declared once stored: the number is the version's for good.
  if (result.decl) declare(result.decl);
  const { decl: _, ...published } = result;
  return published;
}

/**
 * Declares the games of these preset versions to the rules module (built-in ids and versions
 * already declared cost nothing), so rules calls on games of them work from here on. A version
 * that does not exist, or whose text no longer reads, stays undeclared.
 */
export async function declarePresetVariants(db: Executor, variants: Iterable<string>): Promise<void> {
  const wanted = [...new Set(variants)].filter((v) => !declared.has(v) && !unreadable.has(v) && isPresetVariant(v));
  if (wanted.length === 0) return;
  const rows = await db.select({ variant: presetVersions.variant, name: presetVersions.name, text: presetVersions.text })
    .from(presetVersions).where(inArray(presetVersions.variant, wanted));
  for (const r of rows) {
    const read = presetVersionDeclaration(r.text, r.variant, r.name);
    if (!read.ok) {
      console.error(`preset version ${r.variant} no longer reads: ${read.error}`);
      unreadable.set(r.variant, read.error);
      continue;
    }
    try {
      declare(read.decl);
    } catch (e) {
      if (!(e instanceof RulesError)) throw e;
      console.error(`preset version ${r.variant} no longer builds: ${e.message}`);
      unreadable.set(r.variant, e.message);
    }
  }
}

/** Declares one preset version, refusing one that does not exist. */
export async function requirePresetVariant(db: Executor, variant: string): Promise<void> {
  await declarePresetVariants(db, [variant]);
  if (isPresetVariant(variant) && !declared.has(variant)) throw new GameError("not-found", "there is no such preset version");
}

// ---------------------------------------------------------------- reading

export interface PresetSummary {
  slug: string;
  name: string;
  authorName: string | null;
  latestVersion: number;
  /** The game id new challenges play: the newest version's. */
  variant: string;
  updatedAt: Date;
}

export interface PresetPage extends PresetSummary {
  authorId: string;
  rulesText: string;
  createdAt: Date;
  versions: { number: number; variant: string; name: string; format: string; createdAt: Date }[];
}

/** Every published preset, newest first (the variants index, the challenge form). */
export async function listPresets(db: Executor, limit = 500): Promise<PresetSummary[]> {
  const rows = await db.select({
    slug: presets.slug, name: presets.name, authorName: users.name, latestVersion: presets.latestVersion, updatedAt: presets.updatedAt,
  }).from(presets).innerJoin(users, eq(users.id, presets.authorId)).orderBy(desc(presets.updatedAt)).limit(limit);
  return rows.map((r) => ({ ...r, variant: presetVariantId(r.slug, r.latestVersion) }));
}

/**
 * The presets the challenge form offers: the newest (listPresets), and the version a link
 * names (`/challenge?variant=…`, a preset page's "Challenge someone"), however old, under that
 * version's name: such a link holds for every preset, not only those in the list. A version
 * that does not exist or no longer reads (nobody can play it) is not added.
 */
export async function presetsToChallenge(db: Executor, asked: string, limit = 500): Promise<PresetSummary[]> {
  const newest = await listPresets(db, limit);
  if (!isPresetVariant(asked) || newest.some((p) => p.variant === asked)) return newest;
  const [row] = await db.select({
    slug: presets.slug, name: presetVersions.name, authorName: users.name, latestVersion: presets.latestVersion, updatedAt: presets.updatedAt,
  }).from(presetVersions).innerJoin(presets, eq(presets.id, presetVersions.presetId)).innerJoin(users, eq(users.id, presets.authorId))
    .where(eq(presetVersions.variant, asked));
  if (!row) return newest;
  await declarePresetVariants(db, [asked]);
  return declared.has(asked) ? [{ ...row, variant: asked }, ...newest] : newest;
}

/** A preset with its versions, newest first, or null. */
export async function presetBySlug(db: Executor, slug: string): Promise<PresetPage | null> {
  const s = slugSchema.safeParse(slug);
  if (!s.success) return null;
  const [row] = await db.select({ preset: presets, authorName: users.name }).from(presets)
    .innerJoin(users, eq(users.id, presets.authorId)).where(eq(presets.slug, s.data));
  if (!row) return null;
  const versions = await db.select({
    number: presetVersions.number, variant: presetVersions.variant, name: presetVersions.name, format: presetVersions.format, createdAt: presetVersions.createdAt,
  }).from(presetVersions).where(eq(presetVersions.presetId, row.preset.id)).orderBy(desc(presetVersions.number));
  const p = row.preset;
  return {
    slug: p.slug, name: p.name, authorName: row.authorName, authorId: p.authorId, latestVersion: p.latestVersion, rulesText: p.rulesText,
    variant: presetVariantId(p.slug, p.latestVersion), createdAt: p.createdAt, updatedAt: p.updatedAt, versions,
  };
}

/** One version's text and its game, for the editor (to start a new version from) and the game page (to declare in the browser). */
export async function presetVersion(db: Executor, variant: string): Promise<{ text: string; name: string; decl: VariantDecl } | null> {
  if (!isPresetVariant(variant)) return null;
  const [row] = await db.select({ text: presetVersions.text, name: presetVersions.name }).from(presetVersions)
    .where(eq(presetVersions.variant, variant));
  if (!row) return null;
  const read = presetVersionDeclaration(row.text, variant, row.name);
  return read.ok ? { text: row.text, name: row.name, decl: read.decl } : null;
}

/** The game ids of every version of a preset (the archive's preset filter), none for an unknown slug. */
export async function versionsOfPreset(db: Executor, slug: string): Promise<string[]> {
  const rows = await db.select({ variant: presetVersions.variant }).from(presetVersions)
    .innerJoin(presets, eq(presets.id, presetVersions.presetId)).where(eq(presets.slug, slug));
  return rows.map((r) => r.variant);
}
