/**
 * Piece artwork: original, hand-drawn silhouettes in a 100×100 box (ground line y = 92).
 *
 * A drawing is a list of shapes, painted in order:
 * - "body": filled with the piece colour, outlined;
 * - "line": a stroke in the detail colour (dark on White, light on Black) — separators
 *   between the parts of a figure and engraved marks;
 * - "mark": a filled spot in the detail colour (an eye, a stud);
 * - "tile": the wooden tile of a piece that points towards the opponent (Shogi): the same
 *   wood for both sides, and a drawing with a tile is turned round for the side at the top
 *   of the board, so that each side's pieces point at the other;
 * - "plate": the wooden face of a piece that looks the same from both sides (Xiangqi's disc,
 *   Janggi's octagon): never turned round;
 * - "glyph": ink on a tile or plate, filled, never outlined: a character, an inked ring.
 *
 * A shape with an `ink` is painted on a tile or plate rather than in the piece's colour: a
 * body is filled and outlined in that ink, a line or mark is cut in the wood (the Western
 * set's figures on shogi tiles and Xiangqi discs); red ink is for promoted Shogi pieces, as
 * shogi sets write them, and for Xiangqi's Red and Janggi's Han; blue for Janggi's Cho.
 *
 * Each piece declaration names its drawing by art id (lib/rules/variants, `art`): the same
 * FEN letter is different pieces in different games.
 */
import { GLYPHS, type Glyph } from "./glyphs";
import { circle, cross, ellipse, octagon, ring, rrect, transformPath } from "./paths";

export type ShapeKind = "body" | "line" | "mark" | "tile" | "plate" | "glyph";
export type Ink = "black" | "red" | "blue";
export interface Shape {
  kind: ShapeKind;
  d: string;
  ink?: Ink;
}

const body = (d: string): Shape => ({ kind: "body", d });
const line = (d: string): Shape => ({ kind: "line", d });
const mark = (d: string): Shape => ({ kind: "mark", d });

/** Moves/scales a whole drawing (used to put a knight head on a pawn base, etc.). */
function place(shapes: Shape[], s: number, tx: number, ty: number): Shape[] {
  return shapes.map((sh) => ({ ...sh, d: transformPath(sh.d, s, tx, ty) }));
}

// ---------------------------------------------------------------- common parts

/** The wide round-edged foot of the major pieces. */
const FOOT = [body(rrect(17, 82, 66, 10, 3.5))];
/** A second, narrower step above the foot. */
const STEP = [body(rrect(24, 75, 52, 8, 3)), line("M25 82H75")];

// ---------------------------------------------------------------- pawn family

function pawnBase(): Shape[] {
  return [
    body("M40 50C40 63 35 73 27 82H73C65 73 60 63 60 50Z"),
    body(rrect(22, 82, 56, 10, 3.5)),
    line("M30 82H70"),
    body(rrect(32, 44, 36, 8, 4)),
  ];
}

const PAWN: Shape[] = [...pawnBase(), body(circle(50, 31, 13.5)), line("M42 44.5H58")];

/** Companion's Prince: a pawn wearing an open three-point coronet (not royal). */
const PRINCE: Shape[] = [
  ...pawnBase(),
  body(circle(50, 33, 11.5)),
  line("M43 44.5H57"),
  body("M36 25L33 8L42 16L50 5L58 16L67 8L64 25Q50 19 36 25Z"),
  body(circle(33, 8, 3.4)),
  body(circle(50, 5, 3.4)),
  body(circle(67, 8, 3.4)),
  line("M38.5 21Q50 16.5 61.5 21"),
];

/** Royal pawn: a pawn under a small closed crown with a cross — royal. */
const ROYAL_PAWN: Shape[] = [
  ...pawnBase(),
  body(circle(50, 34, 11)),
  line("M43 44.5H57"),
  body("M37 27C35 17 42 14 50 14C58 14 65 17 63 27Q50 23 37 27Z"),
  body(cross(50, 8.5, 6.5, 2.2)),
  line("M40 22H60"),
];

/** Sergeant: a broad pawn with two chevrons (rank stripes) pointing forward. */
const SERGEANT: Shape[] = [
  body("M37 50C37 62 32 73 24 82H76C68 73 63 62 63 50Z"),
  body(rrect(20, 82, 60, 10, 3.5)),
  line("M27 82H73"),
  body(rrect(31, 44, 38, 8, 4)),
  body(circle(50, 31, 13.5)),
  line("M42 44.5H58"),
  line("M39 66L50 58L61 66"),
  line("M37 75L50 66L63 75"),
];

// ---------------------------------------------------------------- rook family

const ROOK_TOP = "M25 33V14H36V21H44.5V14H55.5V21H64V14H75V33Z";

const ROOK: Shape[] = [
  body("M31 75L34 39H66L69 75Z"),
  ...STEP,
  ...FOOT,
  line("M25 82H75"),
  body(rrect(28, 33, 44, 7, 2.5)),
  body(ROOK_TOP),
  line("M30 33H70"),
  line("M35 45H65"),
  line("M33 69H67"),
];

/** Rook-Alfil (Compound): a rook whose tower carries a bold saltire — the alfil's diagonal leap. */
const ROOK_ALFIL: Shape[] = [
  body("M30 75L33 39H67L70 75Z"),
  ...STEP,
  ...FOOT,
  line("M25 82H75"),
  body(rrect(27, 33, 46, 7, 2.5)),
  body("M25 33V13L33 20V14H44.5V20H55.5V14H67V20L75 13V33Z"),
  line("M30 33H70"),
  line("M38 45L62 69M62 45L38 69"),
  mark(circle(50, 57, 3.6)),
];

// ---------------------------------------------------------------- bishop family

function bishopBase(): Shape[] {
  return [
    body("M40 64C40 72 35 78 28 82H72C65 78 60 72 60 64Z"),
    body(rrect(20, 82, 60, 10, 3.5)),
    line("M27 82H73"),
    body(rrect(32, 58, 36, 8, 4)),
  ];
}
const MITRE = "M50 19C39 27 32 40 37 59H63C68 40 61 27 50 19Z";

const BISHOP: Shape[] = [
  ...bishopBase(),
  body(MITRE),
  line("M40 58.5H60"),
  body(circle(50, 14, 6)),
  line("M56.5 29L46 42"),
];

/** Bede (Compound): a bishop with an engraved upright cross on the mitre — bishop + dabbabah. */
const BEDE: Shape[] = [
  ...bishopBase(),
  body("M50 18C37 27 30 40 35 59H65C70 40 63 27 50 18Z"),
  line("M39 58.5H61"),
  body(rrect(44, 6, 12, 12, 2.5)),
  mark(cross(50, 40, 11, 2.6)),
];

/** Dragon horse (Royal Substitute): a bishop crowned by a cross — bishop + wazir. */
const DRAGON_HORSE: Shape[] = [
  ...bishopBase(),
  body("M50 21C39 29 32 41 37 59H63C68 41 61 29 50 21Z"),
  line("M40 58.5H60"),
  body(cross(50, 11, 9, 3.2)),
  line("M56.5 31L46 43"),
  line("M37 50H63"),
];

// ---------------------------------------------------------------- knight family

const HORSE_HEAD =
  "M31 82C30 70 37 62 47 56C50 54 51 50 49 47C44 50 37 54 30 56C24 58 18 56 16 51" +
  "C14 46 20 41 25 36C31 29 36 22 42 18L40 8L49 14L56 6L58 15C73 20 83 36 83 55" +
  "C83 67 79 76 77 82Z";

const HORSE_DETAILS: Shape[] = [
  mark(ellipse(39, 30, 3.2, 2.6)),
  line("M19 51.5Q23 50 26 52"),
  line("M61 19C73 26 79 40 79 58C79 68 76 76 74 80"),
];

const KNIGHT: Shape[] = [
  body(HORSE_HEAD),
  ...HORSE_DETAILS,
  body(rrect(20, 82, 62, 10, 3.5)),
  line("M34 82H73"),
];

/** Centaur (Compound): a knight wearing a crown — knight + king's step (not royal). */
const CENTAUR: Shape[] = [
  ...place([body(HORSE_HEAD), ...HORSE_DETAILS], 0.86, 8, 13.5),
  body(rrect(20, 82, 62, 10, 3.5)),
  line("M34 82H73"),
  body("M39 22L36 4L45 12L53 1L60 11L70 5L65 24Q52 17 39 22Z"),
  body(circle(36, 4.5, 3.4)),
  body(circle(53, 2.5, 3.4)),
  body(circle(70, 5.5, 3.4)),
];

/** Dragon (Compound): a knight's head on a pawn's body — knight + pawn. */
const DRAGON: Shape[] = [
  ...pawnBase(),
  ...place([body(HORSE_HEAD), ...HORSE_DETAILS], 0.64, 17, -7.5),
  line("M39 44.5H63"),
];

// ---------------------------------------------------------------- queen and king

function tallBody(w: number): Shape[] {
  const top = 50 - w / 2;
  return [
    body(`M31 75C36 62 ${top} 52 ${top} 40H${100 - top}C${100 - top} 52 64 62 69 75Z`),
    ...STEP,
    ...FOOT,
    line("M25 82H75"),
  ];
}

function coronet(points: number[][], bandY: number, bandHalf: number): Shape[] {
  // points: tips [x, y]; valleys halfway between, 11 units under the lower tip.
  let d = `M${50 - bandHalf} ${bandY}L${points[0][0]} ${points[0][1]}`;
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1];
    const [x1, y1] = points[i];
    d += `L${(x0 + x1) / 2} ${Math.max(y0, y1) + 11}L${x1} ${y1}`;
  }
  d += `L${50 + bandHalf} ${bandY}Z`;
  return [body(d), ...points.map(([x, y]) => body(circle(x, y, 4)))];
}

const QUEEN: Shape[] = [
  ...tallBody(18),
  body(rrect(34, 34, 32, 7, 3.5)),
  ...coronet([[26, 15], [38, 11], [50, 8], [62, 11], [74, 15]], 34, 14),
  line("M37 34H63"),
  line("M37 41H63"),
];

/** Queen-Alfil-Dabbabah (Compound): a queen bearing an eight-rayed star (both leaps). */
const QAD: Shape[] = [
  ...tallBody(22),
  body(rrect(32, 34, 36, 7, 3.5)),
  ...coronet([[25, 15], [37.5, 11], [50, 8], [62.5, 11], [75, 15]], 34, 15),
  line("M36 34H64"),
  line("M36 41H64"),
  body(circle(50, 58, 10)),
  line("M50 50V66M42 58H58M44.5 52.5L55.5 63.5M55.5 52.5L44.5 63.5"),
];

/** Halfqueen (Royal Substitute): a lower queen with a three-point crown. */
const HALFQUEEN: Shape[] = [
  body("M33 75C37 65 42 58 42 49H58C58 58 63 65 67 75Z"),
  ...STEP,
  ...FOOT,
  line("M25 82H75"),
  body(rrect(35, 43, 30, 7, 3.5)),
  ...coronet([[32, 24], [50, 18], [68, 24]], 43, 13),
  line("M38 43H62"),
  line("M38 50H62"),
  line("M40 62H60"),
];

const KING: Shape[] = [
  ...tallBody(20),
  body(rrect(32, 34, 36, 7, 3.5)),
  body("M35 34C29 25 37 17 50 17C63 17 71 25 65 34Z"),
  body(cross(50, 10, 8.5, 3)),
  line("M36 34H64"),
  line("M36 41H64"),
  line("M38 27H62"),
];

// ---------------------------------------------------------------- Shatranj, Makruk and Sittuyin

/** Ferz (Shatranj, Chaturanga): the counsellor, a vizier in a wide wrapped turban with an aigrette. */
const FERZ: Shape[] = [
  body("M33 75C37 65 42 58 42 49H58C58 58 63 65 67 75Z"),
  ...STEP,
  ...FOOT,
  line("M25 82H75"),
  body(rrect(35, 43, 30, 7, 3.5)),
  body("M51 17C51 9 56 4 64 2C61 7 58 12 56 18Z"),
  body("M36 43C24 36 27 20 42 18C45 15 55 15 58 18C73 20 76 36 64 43Z"),
  line("M38 43H62"),
  line("M31 33Q50 25 69 33"),
  line("M37 24Q50 20 63 24"),
  mark(ellipse(50, 29, 3.6, 3)),
];

/** Alfil (Shatranj): the elephant seen from the front, broad ears, trunk and tusks. */
const ALFIL: Shape[] = [
  ...bishopBase(),
  body("M39 30C27 22 12 28 13 42C14 53 25 58 37 52Z"),
  body("M61 30C73 22 88 28 87 42C86 53 75 58 63 52Z"),
  body("M35 58C30 42 37 25 50 24C63 25 70 42 65 58Z"),
  body("M43 52C37 56 31 55 28 50C33 51 38 50 42 47Z"),
  body("M57 52C63 56 69 55 72 50C67 51 62 50 58 47Z"),
  line("M40 58.5H60"),
  line("M50 38V52Q50 56 46 56"),
  line("M24 36Q20 42 25 48M76 36Q80 42 75 48"),
  mark(circle(43, 37, 2.6)),
  mark(circle(57, 37, 2.6)),
];

/** Met (Makruk, Ouk Chatrang): the small queen, a pointed seed on a low cushion. */
const MET: Shape[] = [
  body(rrect(22, 82, 56, 10, 3.5)),
  body("M27 82C27 74 36 70 50 70C64 70 73 74 73 82Z"),
  line("M30 82H70"),
  body("M50 22C63 34 69 46 67 56C65 65 58 70 50 70C42 70 35 65 33 56C31 46 37 34 50 22Z"),
  line("M50 31C56 41 57 53 51 63"),
  line("M37 70.5H63"),
];

/** Khon (Makruk, Ouk Chatrang): the nobleman, a tiered spire like a temple's. */
const KHON: Shape[] = [
  body("M30 75C31 62 38 55 50 53C62 55 69 62 70 75Z"),
  ...STEP,
  ...FOOT,
  line("M25 82H75"),
  body(rrect(35, 45, 30, 8, 3.5)),
  body("M49 4L52 4L57 30H43Z"),
  body(rrect(39, 37, 22, 8, 3)),
  body(rrect(42, 29, 16, 8, 3)),
  line("M37 53H63"),
  line("M41 45H59"),
  line("M44 37H56"),
  line("M38 66H62"),
];

/** Sittuyin's elephant: a war elephant's head in profile, trunk curled forward, a tusk, a great ear. */
const SITTUYIN_ELEPHANT: Shape[] = [
  body(
    "M76 82C79 68 78 50 72 38C66 24 50 16 37 23C29 28 25 38 27 49C28 58 26 65 20 69" +
      "C15 72 14 79 20 80C27 81 35 73 38 64C41 69 44 75 43 82Z",
  ),
  body("M37 55C31 58 25 57 21 53C27 54 32 52 36 49Z"),
  body("M53 29C66 21 82 29 82 46C82 60 72 69 61 65C57 56 55 42 53 29Z"),
  mark(ellipse(41, 36, 3.2, 2.6)),
  line("M58 35C62 44 63 54 61 62"),
  line("M25 61L30 63M22 66L27 69"),
  body(rrect(20, 82, 62, 10, 3.5)),
  line("M34 82H73"),
];

/** Sittuyin's general (sit-kè): a helmeted commander with his pennant. */
const SITTUYIN_GENERAL: Shape[] = [
  body(rrect(69, 6, 4, 38, 2)),
  body("M72 8L92 13L84 17L92 21L72 25Z"),
  ...tallBody(18),
  body(rrect(34, 34, 32, 7, 3.5)),
  body("M36 34C33 23 40 15 50 15C60 15 67 23 64 34Z"),
  body("M47 16L50 4L53 16Z"),
  line("M37 34H63"),
  line("M37 41H63"),
  line("M37 27H63"),
];

/** A promoted pawn (Makruk, Ouk Chatrang, Shatranj): the pawn turned over, standing on its head. */
const PROMOTED_PAWN: Shape[] = PAWN.map((sh) => ({ kind: sh.kind, d: transformPath(sh.d, 1, 0, 109.5, -1) }));

/**
 * Duck chess's duck (not a piece of either side; drawn yellow, app/_components/pieces/drawing.ts
 * THEME.duck): a duck in profile facing left, tail up, on a flat base.
 */
const DUCK: Shape[] = [
  body("M18 62C18 49 30 44 44 46C53 47 62 51 69 47C76 43 81 35 86 28C90 42 90 57 85 67C79 79 65 84 50 84C31 84 18 76 18 62Z"),
  body(circle(36, 30, 17)),
  body("M21 27C14 26 7 28 3 33C8 37 15 38 22 36Z"),
  mark(ellipse(33, 25, 3.2, 3.2)),
  line("M4 33H21"),
  line("M38 60C48 71 63 71 73 59"),
  line("M46 58C53 63 61 63 67 57"),
  body(rrect(14, 84, 72, 8, 3.5)),
  line("M24 84H76"),
];

/**
 * The cannon (the Western set's Xiangqi and Janggi cannon): a field gun in profile, its
 * barrel raised towards the opponent, on a spoked wheel.
 */
const CANNON: Shape[] = [
  body("M17 61L71 29Q78 25 82 31Q86 38 79 42L27 75Z"),
  body(rrect(74, 24, 10, 22, 3)),
  ...FOOT,
  body(circle(43, 66, 16)),
  line("M43 50V82M27 66H59M32 55L54 77M54 55L32 77"),
  body(circle(43, 66, 5)),
  line("M25 82H75"),
];

// ---------------------------------------------------------------- Shogi

/**
 * The pentagonal tile, pointing up (at the opponent of the side at the bottom). Sets make
 * the higher pieces a little larger: `size` 1 is the king's, down to the pawn's 0.84.
 */
function tile(size: number): Shape {
  const outline = "M50 5L77 15.5Q79 16.3 79.3 18.5L85 90Q85.3 94 81 94H19Q14.7 94 15 90L20.7 18.5Q21 16.3 23 15.5Z";
  return { kind: "tile", d: transformPath(outline, size, 50 - 50 * size, 96 - 96 * size) };
}

/** A character on its tile: `size` as tile(); red for the promoted side of a piece. */
function kanji(glyph: Glyph, size: number, ink: Ink = "black"): Shape[] {
  const em = 58 * size;
  return [tile(size), { kind: "glyph", ink, d: transformPath(GLYPHS[glyph], em / 100, 50 - em / 2, 62 - em / 2) }];
}

/** A Western figure on the tile (the Western set): the figure in ink, its details cut in the wood. */
function figureOnTile(figure: Shape[], size: number, ink: Ink): Shape[] {
  const s = 0.6 * size;
  return [tile(size), ...place(figure, s, 50 - 50 * s, 60 - 52 * s).map((sh) => ({ ...sh, ink }))];
}

/** The lance (Western set): a spear with its blade pointing forward. */
const LANCE: Shape[] = [
  body(rrect(45.5, 34, 9, 50, 2)),
  body("M50 4C59 15 61 26 56.5 35H43.5C39 26 41 15 50 4Z"),
  body(rrect(36, 33, 28, 7, 3)),
  body(rrect(26, 82, 48, 10, 3.5)),
  line("M50 12V30"),
];

/** Piece sizes, as the sets graduate them. */
const SHOGI_SIZE = { king: 1, rook: 0.96, bishop: 0.96, gold: 0.93, silver: 0.93, knight: 0.9, lance: 0.87, pawn: 0.84 };

/** The Shogi pieces: the character, and the Western figure the Western set puts there. */
const SHOGI = {
  shogiKing: { glyph: "玉", size: SHOGI_SIZE.king, figure: KING, ink: "black" },
  shogiRook: { glyph: "飛", size: SHOGI_SIZE.rook, figure: ROOK, ink: "black" },
  shogiDragon: { glyph: "龍", size: SHOGI_SIZE.rook, figure: ROOK, ink: "red" },
  shogiBishop: { glyph: "角", size: SHOGI_SIZE.bishop, figure: BISHOP, ink: "black" },
  shogiHorse: { glyph: "馬", size: SHOGI_SIZE.bishop, figure: BISHOP, ink: "red" },
  shogiGold: { glyph: "金", size: SHOGI_SIZE.gold, figure: HALFQUEEN, ink: "black" },
  shogiSilver: { glyph: "銀", size: SHOGI_SIZE.silver, figure: KHON, ink: "black" },
  shogiPromotedSilver: { glyph: "全", size: SHOGI_SIZE.silver, figure: KHON, ink: "red" },
  shogiKnight: { glyph: "桂", size: SHOGI_SIZE.knight, figure: KNIGHT, ink: "black" },
  shogiPromotedKnight: { glyph: "圭", size: SHOGI_SIZE.knight, figure: KNIGHT, ink: "red" },
  shogiLance: { glyph: "香", size: SHOGI_SIZE.lance, figure: LANCE, ink: "black" },
  shogiPromotedLance: { glyph: "杏", size: SHOGI_SIZE.lance, figure: LANCE, ink: "red" },
  shogiPawn: { glyph: "歩", size: SHOGI_SIZE.pawn, figure: PAWN, ink: "black" },
  shogiTokin: { glyph: "と", size: SHOGI_SIZE.pawn, figure: PAWN, ink: "red" },
} satisfies Record<string, { glyph: Glyph; size: number; figure: Shape[]; ink: Ink }>;

type ShogiArt = keyof typeof SHOGI;
const shogiArt = <T>(draw: (p: (typeof SHOGI)[ShogiArt]) => T) =>
  Object.fromEntries(Object.entries(SHOGI).map(([id, p]) => [id, draw(p)])) as Record<ShogiArt, T>;

/** 王 for the second player's king, 玉 for the first's, as a set has one of each. */
const SECOND_KING = kanji("王", SHOGI_SIZE.king);

// ---------------------------------------------------------------- Xiangqi and Janggi

/** A figure in ink on a plate (the Western set on Xiangqi's and Janggi's pieces), its details cut in the wood. */
function figureOnPlate(plate: Shape[], figure: Shape[], scale: number, ink: Ink): Shape[] {
  const s = 0.66 * scale;
  return [...plate, ...place(figure, s, 50 - 50 * s, 52 - 52 * s).map((sh) => ({ ...sh, ink }))];
}

/** A character in ink, `em` units high, centred on the plate. */
const character = (glyph: Glyph, em: number, ink: Ink): Shape => ({ kind: "glyph", ink, d: transformPath(GLYPHS[glyph], em / 100, 50 - em / 2, 50 - em / 2) });

/**
 * Xiangqi's disc: one wood for both sides, an inked ring inside its edge and the
 * character, Red's in red and Black's in black. The two sides' characters differ for
 * five pieces (帥/將, 仕/士, 相/象, 傌/馬, 俥/車, 炮/砲, 兵/卒 as most sets write them).
 */
function xiangqiDisc(glyph: Glyph, ink: Ink): Shape[] {
  return [{ kind: "plate", d: circle(50, 50, 45) }, { kind: "glyph", ink, d: ring(50, 50, 39.5, 36.5) }, character(glyph, 56, ink)];
}
const xiangqiPlate = (ink: Ink): Shape[] => xiangqiDisc("兵", ink).slice(0, 2);

/**
 * Red's character, Black's, and the Western figure; Red is White, Black is Black
 * (docs/games/xiangqi.md). The Western set maps each piece to the chess piece a chess
 * player reads it as: general king, advisor a small crowned counsellor, elephant bishop,
 * horse knight, chariot rook, soldier pawn; the cannon, which chess lacks, a field gun.
 */
const XIANGQI = {
  xiangqiGeneral: { glyphs: ["帥", "將"], figure: KING },
  xiangqiAdvisor: { glyphs: ["仕", "士"], figure: HALFQUEEN },
  xiangqiElephant: { glyphs: ["相", "象"], figure: BISHOP },
  xiangqiHorse: { glyphs: ["傌", "馬"], figure: KNIGHT },
  xiangqiChariot: { glyphs: ["俥", "車"], figure: ROOK },
  xiangqiCannon: { glyphs: ["炮", "砲"], figure: CANNON },
  xiangqiSoldier: { glyphs: ["兵", "卒"], figure: PAWN },
} satisfies Record<string, { glyphs: [Glyph, Glyph]; figure: Shape[] }>;

/**
 * Janggi's octagons come in three sizes, as on real sets: the general largest, the
 * guards and soldiers smallest, the rest between (the octagon's half-width in the box).
 */
const JANGGI_SIZE = { general: 47, middle: 41, small: 35 };

/** Janggi's octagon: wood, an inked line inside its edge, the character; Cho's in blue, Han's in red. */
function janggiPlate(half: number, ink: Ink): Shape[] {
  return [{ kind: "plate", d: octagon(50, 50, half) }, { kind: "glyph", ink, d: ring(50, 50, half - 5, half - 7, octagon) }];
}
const janggiPiece = (glyph: Glyph, half: number, ink: Ink): Shape[] => [...janggiPlate(half, ink), character(glyph, half * 1.25, ink)];

/** Cho's (White's) character, Han's (Black's), the octagon's size and the Western figure (docs/games/janggi.md). */
const JANGGI = {
  janggiGeneral: { glyphs: ["楚", "漢"], size: JANGGI_SIZE.general, figure: KING },
  janggiGuard: { glyphs: ["士", "士"], size: JANGGI_SIZE.small, figure: HALFQUEEN },
  janggiElephant: { glyphs: ["象", "象"], size: JANGGI_SIZE.middle, figure: BISHOP },
  janggiHorse: { glyphs: ["馬", "馬"], size: JANGGI_SIZE.middle, figure: KNIGHT },
  janggiChariot: { glyphs: ["車", "車"], size: JANGGI_SIZE.middle, figure: ROOK },
  janggiCannon: { glyphs: ["包", "包"], size: JANGGI_SIZE.middle, figure: CANNON },
  janggiSoldier: { glyphs: ["卒", "兵"], size: JANGGI_SIZE.small, figure: PAWN },
} satisfies Record<string, { glyphs: [Glyph, Glyph]; size: number; figure: Shape[] }>;

const XIANGQI_INK: [Ink, Ink] = ["red", "black"];
const JANGGI_INK: [Ink, Ink] = ["blue", "red"];

/** Each side's drawing, White's then Black's, in each set: the pieces whose two sides look different. */
const SIDED: Record<string, Record<"traditional" | "western", [Shape[], Shape[]]>> = {
  ...Object.fromEntries(Object.entries(XIANGQI).map(([id, p]) => [id, {
    traditional: [xiangqiDisc(p.glyphs[0], XIANGQI_INK[0]), xiangqiDisc(p.glyphs[1], XIANGQI_INK[1])],
    western: [figureOnPlate(xiangqiPlate(XIANGQI_INK[0]), p.figure, 1, XIANGQI_INK[0]), figureOnPlate(xiangqiPlate(XIANGQI_INK[1]), p.figure, 1, XIANGQI_INK[1])],
  }])),
  ...Object.fromEntries(Object.entries(JANGGI).map(([id, p]) => [id, {
    traditional: [janggiPiece(p.glyphs[0], p.size, JANGGI_INK[0]), janggiPiece(p.glyphs[1], p.size, JANGGI_INK[1])],
    western: [figureOnPlate(janggiPlate(p.size, JANGGI_INK[0]), p.figure, p.size / 45, JANGGI_INK[0]), figureOnPlate(janggiPlate(p.size, JANGGI_INK[1]), p.figure, p.size / 45, JANGGI_INK[1])],
  }])),
};
const sidedArt = (id: keyof typeof XIANGQI | keyof typeof JANGGI) => SIDED[id].traditional[0];

/** Every drawing by its art id, the id a piece declaration names (lib/rules/variants, `art`). */
export const ART = {
  king: KING,
  queen: QUEEN,
  rook: ROOK,
  bishop: BISHOP,
  knight: KNIGHT,
  pawn: PAWN,
  prince: PRINCE,
  qad: QAD,
  rookAlfil: ROOK_ALFIL,
  bede: BEDE,
  centaur: CENTAUR,
  dragon: DRAGON,
  sergeant: SERGEANT,
  royalPawn: ROYAL_PAWN,
  dragonHorse: DRAGON_HORSE,
  halfqueen: HALFQUEEN,
  ferz: FERZ,
  alfil: ALFIL,
  met: MET,
  khon: KHON,
  sittuyinElephant: SITTUYIN_ELEPHANT,
  sittuyinGeneral: SITTUYIN_GENERAL,
  promotedPawn: PROMOTED_PAWN,
  duck: DUCK,
  ...shogiArt((p) => kanji(p.glyph, p.size, p.ink)),
  // White's traditional drawing; drawing() gives each side and set its own.
  ...(Object.fromEntries([...Object.keys(XIANGQI), ...Object.keys(JANGGI)].map((id) => [id, sidedArt(id as keyof typeof XIANGQI)])) as
    Record<keyof typeof XIANGQI | keyof typeof JANGGI, Shape[]>),
} satisfies Record<string, Shape[]>;

export type ArtId = keyof typeof ART;

/** The piece sets a player may choose (users.piece_set); pictures shared publicly use the default. */
export const PIECE_SETS = ["traditional", "western"] as const;
export type PieceSet = (typeof PIECE_SETS)[number];
export const DEFAULT_PIECE_SET: PieceSet = "traditional";

/** What the Western set draws instead of a traditional drawing (the Shogi characters; Xiangqi's and Janggi's are in SIDED). */
const WESTERN: Partial<Record<ArtId, Shape[]>> = shogiArt((p) => figureOnTile(p.figure, p.size, p.ink));

/** A drawing by art id, as a piece set and a side draw it (the second player's king reads 王; Xiangqi's Black writes 將). */
export function drawing(art: ArtId, set: PieceSet, color: "white" | "black"): Shape[] {
  if (Object.hasOwn(SIDED, art)) return SIDED[art][set][color === "white" ? 0 : 1];
  if (set === "western" && WESTERN[art]) return WESTERN[art];
  return art === "shogiKing" && color === "black" ? SECOND_KING : ART[art];
}
