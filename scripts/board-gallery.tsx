/**
 * Writes an HTML gallery of every piece of every game, the start positions and a few
 * special states to /tmp/board-gallery.html:
 *
 *   npx tsx scripts/board-gallery.tsx [out.html] [piece px] [variant,variant]
 *   chromium --headless --no-sandbox --disable-gpu --screenshot=/tmp/gallery.png \
 *     --window-size=1400,2000 file:///tmp/board-gallery.html
 */
import { writeFileSync } from "node:fs";
import {
  ART_NAMES,
  PIECE_TABLE,
  boardSvgString,
  pieceSvgString,
  variantTitle,
  type BoardDrawingProps,
  type PieceOnBoard,
  type SquareContent,
} from "../app/_components/pieces";

/** A tiny placement-only FEN reader for the gallery (the real parser lives in lib/rules). */
function placement(fen: string): { files: number; ranks: number; squares: SquareContent[] } {
  const rows = fen.split(" ")[0].split("/");
  const ranks = rows.length;
  const squares: SquareContent[] = [];
  let files = 0;
  rows.forEach((row, i) => {
    const rank = ranks - i;
    let file = 0;
    const re = /(\d+)|\((\w)(\w)\)|(\w)(\[\w\])?/g;
    for (let m = re.exec(row); m; m = re.exec(row)) {
      const sq = () => "abcdefghijkl"[file] + rank;
      const piece = (c: string, carrying = false): PieceOnBoard => ({
        color: c === c.toUpperCase() ? "white" : "black",
        letter: c.toUpperCase(),
        ...(carrying ? { carrying } : {}),
      });
      if (m[1]) file += Number(m[1]);
      else if (m[2]) squares.push({ square: sq(), pieces: [piece(m[2]), piece(m[3])] }), file++;
      else squares.push({ square: sq(), pieces: [piece(m[4], !!m[5])] }), file++;
    }
    files = Math.max(files, file);
  });
  return { files, ranks, squares };
}

const GAMES: Array<{ variant: string; note: string }> = [
  { variant: "chess", note: "also Magicpawns and Friendly" },
  { variant: "companion", note: "also way 2 and Extended" },
  { variant: "compound", note: "10×8" },
  { variant: "royal-substitute", note: "9×7" },
];

const START: Record<string, string> = {
  chess: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
  compound: "rdcbqkbcdr/ssssssssss/10/10/10/10/SSSSSSSSSS/RDCBQKBCDR",
  "royal-substitute": "rphpqphpr/pnpqpqpnp/9/9/9/PNPQPQPNP/RPHPQPHPR",
};

const out = process.argv[2] ?? "/tmp/board-gallery.html";
/** Piece size in the gallery rows (second argument; default 62). */
const PX = Number(process.argv[3] ?? 62);

const board = (p: BoardDrawingProps, px = 54) => boardSvgString(p, { squarePx: px, xmlDeclaration: false });

let html = `<!doctype html><meta charset="utf-8"><title>Board gallery</title>
<style>
 body{font:14px system-ui,sans-serif;margin:16px;background:#f4f1ea;color:#222}
 h2{margin:14px 0 6px;font-size:17px}
 .row{display:flex;flex-wrap:wrap;gap:6px;align-items:flex-start}
 .cell{display:flex;flex-direction:column;align-items:center;width:${2 * PX + 4}px}
 .sq{display:flex}
 .sq>div{width:${PX}px;height:${PX}px;display:flex}
 .l{background:#eedcbc}.d{background:#b48a66}
 .name{font-size:12px;text-align:center}
 .boards{display:flex;flex-wrap:wrap;gap:18px;align-items:flex-start}
 .boards figure{margin:0}
 figcaption{font-size:12px;text-align:center}
</style>`;

/** Fourth argument: a comma-separated list of variants to show (default all). */
const ONLY = process.argv[4]?.split(",");

for (const { variant, note } of GAMES.filter((g) => !ONLY || ONLY.includes(g.variant))) {
  html += `<h2>${variantTitle(variant)} <small>(${note})</small></h2><div class="row">`;
  for (const [letter, art] of Object.entries(PIECE_TABLE[variant])) {
    html += `<div class="cell"><div class="sq">`;
    for (const [cls, color] of [["l", "white"], ["d", "white"], ["l", "black"], ["d", "black"]] as const) {
      if (cls === "d" && color === "white") continue;
      if (cls === "l" && color === "black") continue;
      html += `<div class="${cls}">${pieceSvgString(variant, color, letter, PX)}</div>`;
    }
    html += `</div><div class="name">${letter} – ${ART_NAMES[art]}</div></div>`;
  }
  html += `</div>`;
}

html += `<h2>Start positions and states</h2><div class="boards">`;
for (const [variant, fen] of Object.entries(START)) {
  html += `<figure>${board({ variant, ...placement(fen) }, Number(process.argv[5] ?? 44))}<figcaption>${variantTitle(variant)}</figcaption></figure>`;
}
html += `<figure>${board(
  {
    variant: "companion",
    ...placement("r1b1k2r/pppp1ppp/2n5/4p3/1bQ[P]1q[p]2/5N2/PPP2PPP/RNB1KB1R"),
    lastMove: ["h4", "e4"],
    selected: "c4",
    targets: ["c5", "d5", "c6", "b5", "c7", "b4", "d4"],
    checks: ["e1"],
  },
  Number(process.argv[5] ?? 44),
)}<figcaption>Companion: carrying queens, check, selection, targets</figcaption></figure>`;
html += `<figure>${board(
  {
    variant: "friendly",
    ...placement("r1bqkb1r/pppp1ppp/2n5/4(Pp)3/2(Bn)5/5N2/PPPP1PPP/RNBQK2R"),
    orientation: "black",
    hovering: { square: "c4", piece: { color: "white", letter: "N" } },
    lastMove: ["c4"],
    checks: ["e8"],
  },
  Number(process.argv[5] ?? 44),
)}<figcaption>Friendly (Black's view): unions, a released knight hovering</figcaption></figure>`;
html += `<figure>${board({ variant: "compound", ...placement("12/12/12/12/12/12/12/12/12/12/12/K10k"), coordinates: true }, 24)}<figcaption>12×12</figcaption></figure>`;
html += `</div>`;

writeFileSync(out, html);
console.log(`wrote ${out}`);
