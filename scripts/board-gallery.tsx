/**
 * Writes an HTML gallery of every piece of every game (names and drawings as the
 * declarations in lib/rules/variants give them), every drawing at 20–40 px, the start
 * positions and a few special states to /tmp/board-gallery.html:
 *
 *   npx tsx scripts/board-gallery.tsx [out.html] [piece px] [variant,variant] [board px]
 *   chromium --headless --no-sandbox --disable-gpu --screenshot=/tmp/gallery.png \
 *     --window-size=1400,2000 file:///tmp/board-gallery.html
 */
import { writeFileSync } from "node:fs";
import {
  ART,
  artSvgString,
  boardSvgString,
  pieceSvgString,
  type ArtId,
  type BoardDrawingProps,
  type PieceOnBoard,
  type SquareContent,
} from "../app/_components/pieces";
import { Game, variantIds, variantInfo, type VariantInfo } from "../lib/rules";

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

/** Games with the same pieces (Chess, Magicpawns, Friendly) share one row, under the first's name. */
const GROUPS: VariantInfo[][] = [];
for (const info of variantIds().map(variantInfo)) {
  const key = (v: VariantInfo) => JSON.stringify(v.pieces.map((p) => [p.letter, p.name, p.art]));
  const group = GROUPS.find((g) => key(g[0]) === key(info));
  if (group) group.push(info);
  else GROUPS.push([info]);
}

const out = process.argv[2] ?? "/tmp/board-gallery.html";
/** Piece size in the gallery rows (second argument; default 62). */
const PX = Number(process.argv[3] ?? 62);
/** Square size of the start positions (fourth argument; default 44). */
const BOARD_PX = Number(process.argv[5] ?? 44);

const board = (p: BoardDrawingProps, px = 54) => boardSvgString(p, { squarePx: px, xmlDeclaration: false });

let html = `<!doctype html><meta charset="utf-8"><title>Board gallery</title>
<style>
 body{font:14px system-ui,sans-serif;margin:16px;background:#f4f1ea;color:#222}
 h2{margin:14px 0 6px;font-size:17px}
 .row{display:flex;flex-wrap:wrap;gap:6px;align-items:flex-start}
 .cell{display:flex;flex-direction:column;align-items:center;width:${2 * PX + 4}px}
 .sq{display:flex}
 .sq>div{width:${PX}px;height:${PX}px;display:flex}
 .small .sq>div{width:auto;height:auto}
 .small .cell{width:auto}
 .l{background:#eedcbc}.d{background:#b48a66}
 .name{font-size:12px;text-align:center}
 .boards{display:flex;flex-wrap:wrap;gap:18px;align-items:flex-start}
 .boards figure{margin:0}
 figcaption{font-size:12px;text-align:center}
</style>`;

/** Third argument: a comma-separated list of variants to show (default all). */
const ONLY = process.argv[4]?.split(",");
const shown = GROUPS.filter((g) => !ONLY || g.some((v) => ONLY.includes(v.id)));

/** A white piece on a light square and a black one on a dark square. */
const pair = (svg: (color: "white" | "black") => string) =>
  `<div class="sq"><div class="l">${svg("white")}</div><div class="d">${svg("black")}</div></div>`;

for (const [first, ...rest] of shown) {
  const also = rest.length ? ` <small>(also ${rest.map((v) => v.name).join(", ")})</small>` : "";
  html += `<h2>${first.name}${also}</h2><div class="row">`;
  for (const p of first.pieces) {
    html += `<div class="cell">${pair((color) => pieceSvgString(first.id, color, p.letter, PX))}<div class="name">${p.letter} – ${p.name}</div></div>`;
  }
  html += `</div>`;
}

const declared = new Set(variantIds().flatMap((id) => variantInfo(id).pieces.map((p) => p.art)));
const undeclared = (Object.keys(ART) as ArtId[]).filter((art) => !declared.has(art));
if (undeclared.length > 0) {
  html += `<h2>Drawings no game declares yet</h2><div class="row">`;
  for (const art of undeclared) html += `<div class="cell">${pair((color) => artSvgString(art, color, PX))}<div class="name">${art}</div></div>`;
  html += `</div>`;
}

html += `<h2>Every drawing at 40, 30 and 20 px</h2><div class="row small">`;
for (const art of Object.keys(ART) as ArtId[]) {
  html += `<div class="cell">${[40, 30, 20].map((px) => pair((color) => artSvgString(art, color, px))).join("")}<div class="name">${art}</div></div>`;
}
html += `</div>`;

html += `<h2>Start positions and states</h2><div class="boards">`;
for (const [v] of shown) {
  html += `<figure>${board({ variant: v.id, files: v.files, ranks: v.ranks, squares: Game.start(v.id).board() }, BOARD_PX)}<figcaption>${v.name}</figcaption></figure>`;
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
  BOARD_PX,
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
  BOARD_PX,
)}<figcaption>Friendly (Black's view): unions, a released knight hovering</figcaption></figure>`;
html += `<figure>${board({ variant: "compound", ...placement("12/12/12/12/12/12/12/12/12/12/12/K10k"), coordinates: true }, 24)}<figcaption>12×12</figcaption></figure>`;
html += `</div>`;

writeFileSync(out, html);
console.log(`wrote ${out}`);
