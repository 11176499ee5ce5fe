/**
 * Fuzz of the two foreign preset readers (docs/presets-formats.md): Interactive Diagram
 * settings and variants.ini sections, from the fixtures mutated and from random and hostile
 * strings. FUZZ_INPUTS inputs per reader (a sample in `npm test`; `npm run fuzz`: 100,000).
 * Each input is read or refused with one line naming a source line, never an exception; both
 * readers both read and refuse some inputs; a declaration read compiles, or is refused by
 * the engine with a RulesError (a board beyond its size, a start position it cannot read).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Game, RulesError, type Result, type VariantDecl } from "@/lib/rules";
import { parseInteractiveDiagram } from "@/lib/rules/presets/interactive-diagram";
import { parseVariantsIni } from "@/lib/rules/presets/variants-ini";
import { declareVariant } from "@/lib/rules/variants";
import { fuzzCount, hostileString, mutate, Rng, SEED } from "./random";

const N = fuzzCount(1500);
const fixture = (name: string) => readFileSync(`tests/fixtures/presets/${name}`, "utf8");

const READERS: { name: string; read: (text: string) => Result<VariantDecl>; seeds: string[] }[] = [
  {
    name: "Interactive Diagram",
    read: parseInteractiveDiagram,
    seeds: [fixture("royal-substitute.diagram.txt"), fixture("royal-substitute.diagram.txt").replace(/ (?=[A-Za-z]+=)/g, "\n")],
  },
  { name: "variants.ini", read: (t) => parseVariantsIni(t), seeds: [fixture("compound.ini"), fixture("capablanca.ini")] },
];

describe("the foreign preset readers take any text", () => {
  for (const reader of READERS) {
    it(`${reader.name}: ${N} inputs read or refused naming a line (FUZZ_SEED=${SEED})`, () => {
      const r = new Rng(SEED);
      let read = 0;
      let refused = 0;
      let slowest = { ms: 0, input: "" };
      for (let i = 0; i < N; i++) {
        const input = r.chance(0.85) ? mutate(r, r.pick(reader.seeds), 6) : hostileString(r);
        const t0 = performance.now();
        const result = reader.read(input);
        const ms = performance.now() - t0;
        if (ms > slowest.ms) slowest = { ms, input: input.slice(0, 200) };
        if (!result.ok) {
          refused++;
          expect(result.error, input.slice(0, 300)).toMatch(/^line \d+: [^\n]+$/);
          continue;
        }
        read++;
        try {
          declareVariant({ ...result.value, id: "fuzz-foreign" });
          Game.start("fuzz-foreign").legalMoves();
        } catch (e) {
          if (!(e instanceof RulesError)) throw new Error(`${String(e)} for ${JSON.stringify(input.slice(0, 300))}`);
        }
      }
      expect(read, "some inputs are read").toBeGreaterThan(0);
      expect(refused, "some inputs are refused").toBeGreaterThan(0);
      console.log(`${reader.name}: ${read} read, ${refused} refused; slowest ${slowest.ms.toFixed(1)} ms: ${JSON.stringify(slowest.input)}`);
    }, 60_000 + N * 20);
  }
});
