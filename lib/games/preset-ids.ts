/**
 * Preset addresses, game ids and the shape of a publication: plain data and zod, shared by
 * the service (lib/games/presets.ts) and the editor in the browser.
 */
import { z } from "zod";
import { PRESET_LIMITS, variantIds } from "@/lib/rules";

/** The most text a preset may have, checked before it is parsed (the parser has its own, finer limits). */
export const MAX_PRESET_CHARS = PRESET_LIMITS.chars;
export const MAX_RULES_CHARS = 20_000;
/** Publications (new presets and new versions) one player may make a day. */
export const PUBLISHES_PER_DAY = 20;

const SLUG = /^[a-z0-9](?:[a-z0-9-]{1,38}[a-z0-9])$/;
/**
 * A preset version's game id: a dot, which no built-in id has (docs/notation.md#variant-ids),
 * so it can never name one; letters, digits, hyphens and dots only, so it goes in addresses
 * and archive filters as it is.
 */
const PRESET_VARIANT = /^preset\.([a-z0-9][a-z0-9-]{1,38}[a-z0-9])\.([1-9]\d{0,5})$/;

export const presetVariantId = (slug: string, version: number) => `preset.${slug}.${version}`;

/** The preset and version a game id names, or null for a built-in game's id (or nothing). */
export function presetOfVariant(variant: string): { slug: string; version: number } | null {
  const m = PRESET_VARIANT.exec(variant);
  return m ? { slug: m[1], version: Number(m[2]) } : null;
}

export const isPresetVariant = (variant: string) => PRESET_VARIANT.test(variant);

/** The page of a game's rules: a built-in game's variant page, a preset's own page. */
export function variantPath(variant: string): string {
  const preset = presetOfVariant(variant);
  return preset ? `/presets/${preset.slug}` : `/variants/${variant}`;
}

const noNul = (s: string) => !s.includes("\u0000");
const noControl = /^[^\p{Cc}]*$/u;

const RESERVED_SLUGS = ["new", "format"];

export const slugSchema = z.string().trim().toLowerCase()
  .min(3, "the address needs at least 3 characters")
  .max(40, "the address may have at most 40 characters")
  .regex(SLUG, "the address may have only letters a–z, digits and hyphens, and begins and ends with a letter or digit")
  // The editor's and the format's own pages stand at these addresses.
  .refine((s) => !RESERVED_SLUGS.includes(s), "that address is the site's own; choose another");

export const publishInput = z.object({
  slug: slugSchema,
  name: z.string().trim().min(2, "the name needs at least 2 characters").max(60, "the name may have at most 60 characters")
    .regex(noControl, "the name may not have control characters"),
  rules: z.string().max(MAX_RULES_CHARS, `the rules text may have at most ${MAX_RULES_CHARS.toLocaleString("en")} characters`)
    .refine(noNul, "the rules text may not have a NUL character").default(""),
  text: z.string().min(1, "write the preset first").max(MAX_PRESET_CHARS, `a preset may have at most ${MAX_PRESET_CHARS.toLocaleString("en")} characters`)
    .refine(noNul, "the preset may not have a NUL character"),
});
export type PublishInput = z.input<typeof publishInput>;

/** Whether an id names a game this service plays: a built-in one, or a preset version's (checked against the database later). */
export function isGameId(variant: string): boolean {
  return variantIds().includes(variant) || isPresetVariant(variant);
}

