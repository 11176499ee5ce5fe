/**
 * Seeded random and hostile inputs for the fuzz tests. Everything derives from one
 * seed (FUZZ_SEED, printed by each run), so a failure is reproducible.
 *
 * "Wire values" are what a server action can receive from a client: React's reply
 * decoding gives strings, numbers (NaN, ±Infinity, -0), booleans, null, undefined,
 * BigInt, Date, arrays, plain objects, Map, Set, FormData, Blob/File and typed
 * arrays — never functions, getters or proxies.
 */

/** How many inputs per target: FUZZ_INPUTS (npm run fuzz: 100000), else the CI sample. */
export function fuzzCount(ciDefault: number): number {
  return Number(process.env.FUZZ_INPUTS ?? ciDefault);
}

export const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);

export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0 || 1;
  }
  /** mulberry32 */
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)];
  }
}

const NASTY_STRINGS = [
  "", " ", "\t\n\r", "\u0000", "a\u0000b", "\u0000".repeat(10), "\u202e\u202dRTL", "\ud800", "\udfff\ud800", "😀", "👩‍👩‍👧‍👦",
  "é", "e\u0301", "\ufeff", "\u200b", "Ａ", "ｅ２－ｅ４", "null", "undefined", "NaN", "-1", "0", "1e308", "9".repeat(400),
  "'; drop table games; --", "\" or 1=1 --", "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "{{7*7}}", "${7*7}",
  "../../etc/passwd", "%00", "%2e%2e%2f", "\\", "//evil.example", "javascript:alert(1)", "__proto__", "constructor", "toString",
  "[object Object]", "true", "false", "[]", "{}", "pass", "PASS", ";", ";;;", "P e2-e4;", "; P e2-e4", "P e2-e4=", "K e1-g1",
  "P e7-e8=Q", "p e2-e1=k", "Q*d6", "P l12-a1", "P m13-a1", "P a0-a1", "P a1-a1", "x", "-", "=", "*",
];

const ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -x=*;/()[]{}+#!?.,:\"'\\\n\t\u0000\u00e9\u2603😀";

export function randomString(r: Rng, maxLen = 40): string {
  const n = r.int(maxLen + 1);
  let s = "";
  for (let i = 0; i < n; i++) {
    if (r.chance(0.05)) s += String.fromCharCode(r.int(0x10000)); // any UTF-16 unit, lone surrogates too
    else s += ALPHABET[r.int(ALPHABET.length)];
  }
  return s;
}

export function hostileString(r: Rng): string {
  switch (r.int(8)) {
    case 0:
      return r.pick(NASTY_STRINGS);
    case 1:
      return randomString(r, 12);
    case 2:
      return randomString(r, 200);
    case 3: // huge
      return r.pick(["x", "P e2-e4; ", "\u0000", "😀", "(", "[", "1/"]).repeat(r.pick([1000, 10_000, 100_000, 1_000_000]));
    case 4:
      return r.pick(NASTY_STRINGS) + randomString(r, 8) + r.pick(NASTY_STRINGS);
    case 5: // uuid-shaped
      return "xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx".replace(/[xy]/g, () => "0123456789abcdef"[r.int(16)]);
    case 6: // hex token-shaped
      return Array.from({ length: r.pick([31, 32, 33]) }, () => "0123456789abcdef"[r.int(16)]).join("");
    default:
      return String.fromCharCode(...Array.from({ length: r.int(6) }, () => r.int(32))); // control characters
  }
}

/** Small edits of a valid text: the inputs most likely to reach deep code. */
export function mutate(r: Rng, text: string, maxEdits = 4): string {
  let s = text;
  const edits = 1 + r.int(maxEdits);
  for (let e = 0; e < edits; e++) {
    const i = r.int(s.length + 1);
    switch (r.int(7)) {
      case 0:
        s = s.slice(0, i) + s.slice(i + 1); // delete
        break;
      case 1:
        s = s.slice(0, i) + ALPHABET[r.int(ALPHABET.length)] + s.slice(i); // insert
        break;
      case 2:
        s = s.slice(0, i) + ALPHABET[r.int(ALPHABET.length)] + s.slice(i + 1); // replace
        break;
      case 3: {
        const j = r.int(s.length + 1);
        s = s.slice(0, Math.min(i, j)) + s.slice(Math.max(i, j)); // cut a span
        break;
      }
      case 4:
        s = s.slice(0, i) + s.slice(i, i + 1 + r.int(12)).repeat(2 + r.int(4)) + s.slice(i + 1 + r.int(12)); // repeat a span
        break;
      case 5:
        s = s.slice(0, i) + r.pick(NASTY_STRINGS) + s.slice(i);
        break;
      default:
        s = s.replace(/\d+/, () => String(r.pick([0, 1, 9, 10, 11, 12, 13, 99, 100, 65535, 99999, 1e9])));
    }
  }
  return s;
}

/** Any value a server action might be sent, nested up to `depth`. */
export function wireValue(r: Rng, depth = 2): unknown {
  switch (r.int(depth > 0 ? 16 : 11)) {
    case 0:
      return hostileString(r);
    case 1:
      return r.pick([0, -0, 1, -1, 0.5, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, NaN, Infinity, -Infinity, 3, 7, 14]);
    case 2:
      return r.chance(0.5);
    case 3:
      return null;
    case 4:
      return undefined;
    case 5:
      return r.pick([0n, 1n, -1n, 2n ** 64n, 3n]);
    case 6:
      return r.pick([new Date(0), new Date(NaN), new Date(8.64e15), new Date()]);
    case 7:
      return new Uint8Array(r.int(8));
    case 8:
      return new Blob([hostileString(r).slice(0, 1000)]);
    case 9:
      return r.pick(NASTY_STRINGS);
    case 10:
      return randomString(r, 10);
    case 11:
      return Array.from({ length: r.int(4) }, () => wireValue(r, depth - 1));
    case 12:
      return Object.fromEntries(Array.from({ length: r.int(4) }, () => [r.pick(["gameId", "move", "expectedPly", "token", "invitationId", "__proto__", "constructor", hostileString(r).slice(0, 20)]), wireValue(r, depth - 1)]));
    case 13:
      return new Map([[hostileString(r), wireValue(r, depth - 1)]]);
    case 14:
      return new Set([wireValue(r, depth - 1)]);
    default: {
      const f = new FormData();
      f.set(hostileString(r).slice(0, 20) || "x", hostileString(r).slice(0, 1000));
      return f;
    }
  }
}

/**
 * An object shaped like `valid` with each field kept, replaced by a hostile value,
 * a forged one from `forged[field]`, or dropped; sometimes extra fields; sometimes
 * not an object at all.
 */
export function hostileShape(r: Rng, valid: Record<string, unknown>, forged: Record<string, readonly unknown[]> = {}): unknown {
  if (r.chance(0.08)) return wireValue(r);
  const keys = Object.keys(valid);
  // Often one field off (deep paths), else each field at random.
  const only = r.chance(0.4) ? r.pick(keys) : null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(valid)) {
    const roll = only === null ? r.next() : k === only ? 0.4 + r.next() * 0.6 : 0;
    if (roll < 0.5) out[k] = v;
    else if (roll < 0.7 && forged[k]?.length) out[k] = r.pick(forged[k]);
    else if (roll < 0.8 && typeof v === "string") out[k] = mutate(r, v);
    else if (roll < 0.95) out[k] = wireValue(r);
    // else: missing
  }
  if (r.chance(0.1)) out[hostileString(r).slice(0, 20)] = wireValue(r);
  return out;
}
