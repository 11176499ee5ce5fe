/**
 * The board and the page of the games for more than two (app/_components/MultiBoard.tsx,
 * MultiGamePlayer.tsx, pieces/multi-drawing.ts; docs/accessibility.md#boards-for-more-than-two).
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { MultiBoard, cellToward } from "@/app/_components/MultiBoard";
import { MultiGameView, type MultiGameViewProps } from "@/app/_components/MultiGamePlayer";
import type { MultiGameActionResult, MultiGameState } from "@/app/_components/multi-game-state";
import { NO_PICK, choosePromotion, moveAction, moveCells, pickCell, readTypedMove, replayMulti, sendMulti, targetsOf } from "@/app/_components/multi-move";
import { armyColour, labelsCrowd, multiBoardSvgString, multiBoardTree, multiLayout } from "@/app/_components/pieces/multi-drawing";
import { toSvgString } from "@/app/_components/pieces";
import { MultiGame, multiGameInfo, multiVariantIds } from "@/lib/rules";

const IDS = multiVariantIds();
const cellsOf = (markup: string) => [...markup.matchAll(/data-cell="([^"]+)"/g)].map((m) => m[1]);

describe("the board of every game for more than two", () => {
  it("knows the eight games", () => {
    expect(IDS.sort()).toEqual(["chaturaji", "eight-player", "eight-player-pairs", "eight-player-teams", "four-player", "four-player-teams", "four-seasons", "three-player"]);
  });

  for (const id of IDS) {
    const info = multiGameInfo(id);
    const cells = MultiGame.start(id).board();

    it(`${id}: draws every cell exactly once and no hole`, () => {
      const drawn = cellsOf(toSvgString(multiBoardTree({ variant: id, cells, bottom: null })));
      expect(drawn).toHaveLength(info.cells.length);
      expect(new Set(drawn)).toEqual(new Set(info.cells.map((c) => c.name)));
      const holes: string[] = [];
      for (let f = 0; f < info.files; f++) {
        for (let r = 0; r < info.ranks; r++) {
          const name = String.fromCharCode(97 + f) + String(r + 1);
          if (!info.cells.some((c) => c.name === name)) holes.push(name);
        }
      }
      // The boards with holes have them (the cross's corners, the hexagon's cut corners), and none is drawn.
      if (id !== "chaturaji" && id !== "four-seasons") expect(holes.length).toBeGreaterThan(0);
      for (const hole of holes) expect(drawn).not.toContain(hole);
    });

    for (const army of info.armies) {
      it(`${id}: ${army.name}'s king is at the bottom when ${army.name} looks`, () => {
        const layout = multiLayout(id, cells, army.letter);
        const king = cells.find((c) => c.piece?.army === army.letter && c.piece.kind === "K")!;
        const lowest = Math.max(...[...layout.at.values()].map((p) => p.y));
        expect(layout.at.get(king.name)!.y).toBeCloseTo(lowest, 2);
        // No other army's king on that bottom line, but the neighbour's where two armies share a side (Four Seasons' corners, eight-player's arms).
        const others = cells.filter((c) => c.piece?.kind === "K" && c.piece.army !== army.letter && layout.at.get(c.name)!.y > lowest - 0.5);
        expect(others.length).toBe(id === "four-seasons" || id.startsWith("eight-player") ? 1 : 0);
      });
    }

    it(`${id}: each army's pieces in a colour of its own, drawn with the piece art`, () => {
      const markup = toSvgString(multiBoardTree({ variant: id, cells, bottom: null }));
      const fills = info.armies.map((a) => armyColour(a.name).fill);
      expect(new Set(fills).size).toBe(info.armies.length);
      for (const a of info.armies) {
        const piece = new RegExp(`<g data-piece="${a.letter}[A-Z]" data-army="${a.letter}"[^>]*fill="${armyColour(a.name).fill}"`);
        expect(markup).toMatch(piece);
      }
      // No piece falls back to the lettered disc of a piece without art.
      expect(markup).not.toContain("data-glyph");
      expect(markup.match(/data-piece=/g)).toHaveLength(cells.filter((c) => c.piece).length);
    });
  }

  it("draws hexagons that touch: each cell's nearest neighbours are exactly one cell apart, six round an inner cell", () => {
    for (const bottom of ["w", "g", "b"]) {
      const layout = multiLayout("three-player", MultiGame.start("three-player").board(), bottom);
      const points = [...layout.at.values()];
      let inner = 0;
      for (const p of points) {
        const d = points.filter((q) => q !== p).map((q) => Math.hypot(q.x - p.x, q.y - p.y));
        expect(Math.min(...d)).toBeCloseTo(1, 2);
        if (d.filter((x) => Math.abs(x - 1) < 0.01).length === 6) inner++;
      }
      expect(inner).toBeGreaterThan(50);
    }
  });

  it("greys the pieces of an army that is out, and names them so", () => {
    const g = MultiGame.start("four-player");
    g.eliminate("b", "resignation");
    const markup = toSvgString(multiBoardTree({ variant: "four-player", cells: g.board(), bottom: "r" }));
    const blue = [...markup.matchAll(/<g data-piece="b[A-Z]"[^>]*>/g)].map((m) => m[0]);
    expect(blue.length).toBe(16);
    for (const p of blue) {
      expect(p).toContain('data-dead="true"');
      expect(p).not.toContain(armyColour("Blue").fill);
      expect(p).toMatch(/data-name="Blue [a-z]+ \(out\)"/);
    }
    expect(markup).not.toMatch(/<g data-piece="r[A-Z]"[^>]*data-dead/);
  });

  it("labels every line of cells once, off the cells, no two labels crowding, whichever army is at the bottom", () => {
    for (const id of IDS) {
      const info = multiGameInfo(id);
      const cells = MultiGame.start(id).board();
      const lines = new Set(info.cells.flatMap((c) => [c.name.replace(/\d+$/, ""), c.name.replace(/^[a-z]+/, "")]));
      for (const army of info.armies) {
        const { at, labels } = multiLayout(id, cells, army.letter);
        expect(labels.map((l) => l.text).sort(), `${id} ${army.name}`).toEqual([...lines].sort());
        for (const l of labels) {
          const nearestCell = Math.min(...[...at.values()].map((p) => Math.hypot(p.x - l.x, p.y - l.y)));
          expect(nearestCell, `${id} ${army.name} ${l.text}`).toBeGreaterThan(0.6);
          expect(labels.filter((o) => o !== l && labelsCrowd(o, l)).map((o) => o.text), `${id} ${army.name} ${l.text}`).toEqual([]);
        }
      }
    }
  });

  it("writes file letters and rank numbers beside the board, and a picture with its size", () => {
    const markup = toSvgString(multiBoardTree({ variant: "four-player", cells: MultiGame.start("four-player").board(), bottom: "r" }));
    for (const label of ["a", "n", "1", "14"]) expect(markup).toContain(`data-coord="${label}"`);
    expect(markup.match(/data-coord=/g)).toHaveLength(28);
    const svg = multiBoardSvgString({ variant: "chaturaji", cells: MultiGame.start("chaturaji").board(), bottom: "b" }, 40);
    expect(svg).toMatch(/^<\?xml[^>]*>\n<svg [^>]*width="\d+" height="\d+"/);
    expect(svg).toContain('data-bottom="b"');
  });

  it("names every cell for screen readers and marks where a picked piece may go", () => {
    const game = MultiGame.start("chaturaji");
    const markup = renderToStaticMarkup(<MultiBoard game={game} bottom="r" canMove onMove={() => {}} lastMove={["a2", "a3"]} />);
    expect(markup).toContain('aria-roledescription="board"');
    expect(markup).toContain('aria-label="a2, Red pawn, last move"');
    expect(markup).toContain('aria-label="e8, Yellow king"');
    expect(markup).toContain('aria-label="e5, empty"');
    expect(markup.match(/role="img" aria-label=/g)).toHaveLength(64);
  });
});

describe("the board's keyboard cursor", () => {
  it("moves to the neighbouring cell the arrow points at, on squares turned and on hexagons", () => {
    const four = multiLayout("four-player", MultiGame.start("four-player").board(), "b");
    // Blue at the bottom: Blue's back rank (the a-file) runs across the bottom, its files up the board.
    expect(cellToward(four.at, "a8", [0, -1])).toBe("b8");
    expect(new Set([cellToward(four.at, "a8", [1, 0]), cellToward(four.at, "a8", [-1, 0])])).toEqual(new Set(["a7", "a9"]));
    // Off the board's edge it stays.
    expect(cellToward(four.at, "a8", [0, 1])).toBe("a8");
    const hex = multiLayout("three-player", MultiGame.start("three-player").board(), "w");
    expect(cellToward(hex.at, "d1", [1, 0])).toBe("e1");
    expect(cellToward(hex.at, "d1", [-1, 0])).toBe("c1");
    // Up from d1: one of the two hexagons above it.
    expect(["d2", "e2"]).toContain(cellToward(hex.at, "d1", [0, -1]));
    expect(cellToward(hex.at, "d1", [0, 1])).toBe("d1");
  });
});

describe("picking a move on the board", () => {
  const game = MultiGame.start("four-player");
  const legal = game.legalMoves();

  it("picks up only pieces of the army to move that can move, and offers only their legal moves", () => {
    const steps = game.nextSteps();
    const from = "from" in steps ? steps.from : [];
    expect(new Set(from)).toEqual(new Set(legal.map((m) => m.from)));
    // Blue's pawn (not Red's turn) and a blocked Red rook pick nothing up.
    expect(pickCell(game, NO_PICK, "b4").pick).toEqual(NO_PICK);
    expect(pickCell(game, NO_PICK, "d1").pick).toEqual(NO_PICK);
    for (const f of from) {
      const picked = pickCell(game, NO_PICK, f);
      expect(picked.pick.from).toBe(f);
      expect(new Set(targetsOf(game, picked.pick))).toEqual(new Set(legal.filter((m) => m.from === f).map((m) => m.to)));
    }
  });

  it("makes the move on a target, lets go elsewhere, and picks up another piece", () => {
    const e2 = pickCell(game, NO_PICK, "e2").pick;
    expect(pickCell(game, e2, "e4")).toEqual({ pick: NO_PICK, move: "P e2-e4" });
    expect(pickCell(game, e2, "e7")).toEqual({ pick: NO_PICK, move: null });
    expect(pickCell(game, e2, "e2")).toEqual({ pick: NO_PICK, move: null });
    expect(pickCell(game, e2, "f2").pick.from).toBe("f2");
  });

  it("asks for the promotion before the move is made", () => {
    const g = MultiGame.start("chaturaji", "6yK1/rP7/8/8/bK7/8/8/rK6gK r r0,b0,y0,g0 - - 0 1");
    const picked = pickCell(g, NO_PICK, "a7");
    const onto = pickCell(g, picked.pick, "a8");
    expect(onto.move).toBeNull();
    expect(onto.pick.promotion).toEqual({ from: "a7", to: "a8", choices: ["R"] });
    expect(choosePromotion(g, onto.pick, "R")).toBe("P a7-a8=R");
    expect(choosePromotion(g, onto.pick, "Q")).toBeNull();
  });

  it("reads the cells of a move's text for the last-move marks", () => {
    expect(moveCells("P e2-e4")).toEqual(["e2", "e4"]);
    expect(moveCells("Q d10-k13")).toEqual(["d10", "k13"]);
    expect(moveCells("pass")).toEqual([]);
  });
});

const seats = (letters: string[]) =>
  letters.map((army, i) => ({
    army,
    armyName: multiGameInfo("four-player").armies.find((a) => a.letter === army)!.name,
    player: i === 3 ? null : `player${i}`,
    bot: i === 2 ? 3 : null,
    deadline: i === 1 ? "2026-12-10T12:00:00.000Z" : null,
  }));

const STATE: MultiGameState = {
  id: "g1",
  variant: "four-player",
  status: "active",
  startFen: "start",
  moves: ["P h2-h3"],
  eliminations: [],
  seats: seats(["r", "b", "y", "g"]),
  daysPerMove: 3,
  ending: null,
  version: 7,
};

const view = (props: Partial<MultiGameViewProps> = {}) =>
  renderToStaticMarkup(
    <MultiGameView state={STATE} viewerArmy="b" notice={null} heard={false} busy={false} confirmResign={false} onMove={() => {}} onAskResign={() => {}} onResign={() => {}} {...props} />,
  );

describe("the page of a game for more than two", () => {
  it("replays the moves and the armies that went out between them", () => {
    const { game, movers } = replayMulti({ ...STATE, moves: ["P h2-h3", "P g13-g12"], eliminations: [{ army: "b", reason: "resignation", afterPly: 1 }] });
    // Blue went out before its turn: Yellow moved second.
    expect(movers).toEqual(["r", "y"]);
    expect(game.armies().find((a) => a.letter === "b")!.state).not.toBe("playing");
    expect(game.status()).toEqual({ result: "ongoing", toMove: "g" });
  });

  it("shows the seats in turn order with their players, bots, scores and whose turn it is", () => {
    const markup = view();
    const order = [...markup.matchAll(/<li data-army="([a-z])"/g)].map((m) => m[1]);
    expect(order).toEqual(["r", "b", "y", "g"]);
    expect(markup).toContain("Blue: player1 (you)");
    expect(markup).toContain("Green: empty seat");
    expect(markup).toContain("(a bot, level 3)");
    expect(markup).toContain("0 points");
    expect(markup).toMatch(/<li data-army="b"[^]*?moves by <time dateTime="2026-12-10T12:00:00.000Z"[^]*?to move<\/span><\/li>/);
    expect(markup).toContain("Red: player0");
  });

  it("offers the game's record once a move is played, and no PGN (docs/notation.md#the-record-of-a-game-for-more-than-two)", () => {
    expect(view()).toContain('<a href="/games/g1/record">game record</a>');
    expect(view()).not.toContain("/pgn");
    expect(view({ state: { ...STATE, moves: [] } })).not.toContain("/record");
  });

  it("offers the move box and the board's moves only to the seat to move; spectators just watch", () => {
    const mover = view({ viewerArmy: "b" });
    expect(mover).toContain("Move in notation");
    expect(mover).toContain("Your move.");
    expect(mover).toContain(">Resign</button>");
    const waiting = view({ viewerArmy: "y" });
    expect(waiting).not.toContain("Move in notation");
    expect(waiting).toContain("Blue to move.");
    expect(waiting).toContain(">Resign</button>");
    const spectator = view({ viewerArmy: null });
    expect(spectator).not.toContain("Move in notation");
    expect(spectator).not.toContain("Resign");
    // A spectator sees the first army at the bottom, a player their own.
    expect(spectator).toContain('data-bottom="r"');
    expect(waiting).toContain('data-bottom="y"');
  });

  it("says the move another seat played when the poll brought it, not one of the viewer's own", () => {
    expect(view({ heard: true, viewerArmy: "b" })).toContain('role="status">Red played P h2-h3. Your move.</p>');
    expect(view({ heard: false, viewerArmy: "b" })).toContain('role="status">Your move.</p>');
    expect(view({ heard: true, viewerArmy: "r" })).toContain('role="status">Blue to move.</p>');
  });

  it("says a claim or a pass in words, not as a move played", () => {
    // Green takes Red's king, Blue Green's; Blue claims (as in tests/e2e/multi-games.spec.ts).
    const claimed = ["N b1-c3", "N a7-c6", "P h7-h6", "P g1-f1", "K d1-e2", "N c6-e7", "P f7-f6", "P g2-f2", "N c3-d5", "N e7-g6", "B f8-b4", "P f1-e2", "N g6-h4", "K e8-d7", "claim"];
    const ending = "Blue wins: a win claimed on points";
    expect(view({ heard: true, viewerArmy: "g", state: { ...STATE, variant: "chaturaji", moves: claimed, status: "finished", ending } }))
      .toContain(`role="status">Blue claimed the win. ${ending}</p>`);
  });

  it("asks before resigning", () => {
    const markup = view({ confirmResign: true });
    expect(markup).toContain("Resign this game?");
    expect(markup).toContain(">Yes, resign</button>");
  });

  it("shows a refusal", () => {
    expect(view({ notice: { tone: "error", text: "It is not your turn." } })).toContain('role="alert">It is not your turn.</p>');
  });

  it("lists the moves with the army that played each", () => {
    expect(view()).toMatch(/<li>Red: <span[^>]*>P h2-h3<\/span><\/li>/);
  });

  it("checks a typed move against the position", () => {
    const blue = { ...STATE };
    expect(readTypedMove(blue, "p b8-c8")).toEqual({ move: "P b8-c8" });
    expect(readTypedMove(blue, "P b8-e8")).toEqual({ error: expect.stringMatching(/not a legal move for Blue\.$/) });
    expect(readTypedMove(blue, "nonsense")).toEqual({ error: expect.stringMatching(/^Move: "nonsense" is not a move/) });
  });
});

describe("sending a move", () => {
  const fresh = (version: number, moves: string[]): MultiGameState => ({ ...STATE, version, moves });

  it("sends it with the expected ply, the number of moves played, and takes the answer's state", async () => {
    const move = vi.fn(async (input: { gameId: string; expectedPly: number; move: string }): Promise<MultiGameActionResult> => ({ ok: true, state: fresh(8, [...STATE.moves, input.move]) }));
    const r = await sendMulti(STATE, () => move(moveAction(STATE, "P b8-c8")), async () => null);
    expect(move).toHaveBeenCalledWith({ gameId: "g1", expectedPly: 1, move: "P b8-c8" });
    expect(r).toEqual({ state: fresh(8, ["P h2-h3", "P b8-c8"]), notice: null });
  });

  it("shows a refusal in words and takes the fresh state", async () => {
    const moved = fresh(9, ["P h2-h3", "P b8-c8"]);
    const r = await sendMulti(STATE, async () => ({ ok: false, error: "the game has moved on", code: "stale", state: moved }), async () => null);
    expect(r).toEqual({ state: moved, notice: { tone: "error", text: "The game has moved on." } });
  });

  it("keeps the newer state when the answer is older than the page's", async () => {
    const r = await sendMulti(STATE, async () => ({ ok: false, error: "no", code: "x", state: fresh(3, []) }), async () => null);
    expect(r.state).toBe(STATE);
  });

  it("reads the game again when the request fails, and says so", async () => {
    const later = fresh(10, ["P h2-h3", "P b8-c8"]);
    const r = await sendMulti(STATE, async () => { throw new Error("network"); }, async () => later);
    expect(r.state).toBe(later);
    expect(r.notice?.tone).toBe("error");
    const lost = await sendMulti(STATE, async () => ({ ok: false, error: "down", code: "server", state: null }), async () => null);
    expect(lost.state).toBe(STATE);
    expect(lost.notice?.text).toMatch(/could not be reached/);
  });
});

describe("pictures and pages of the games for more than two", () => {
  const picture = async (id: string, query = "") => {
    const { GET } = await import("@/app/variants/[id]/board.svg/route");
    return GET(new Request(`http://localhost/variants/${id}/board.svg${query}`), { params: Promise.resolve({ id }) });
  };

  it("/variants/<id>/board.svg draws each game's start, turned to the army asked for", async () => {
    for (const id of IDS) {
      const r = await picture(id);
      expect(r.status, id).toBe(200);
      expect(r.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
      const svg = await r.text();
      expect(cellsOf(svg)).toHaveLength(multiGameInfo(id).cells.length);
      expect(svg).toContain(`data-bottom="${multiGameInfo(id).armies[0].letter}"`);
    }
    const turned = await (await picture("three-player", "?army=b&size=20")).text();
    expect(turned).toContain('data-bottom="b"');
    expect(turned).toMatch(/<svg [^>]*width="\d+"/);
  });

  it("refuses an army the game does not have, or any other nonsense, with 400", async () => {
    for (const q of ["?army=z", "?army=rr", "?army=R", "?size=2", "?army=%00"]) expect((await picture("four-player", q)).status, q).toBe(400);
    // A two-player game's picture reads no army.
    expect((await picture("chess", "?size=20")).status).toBe(200);
  });

  it("the variant page shows the start, the rules in short, the armies in turn order and the pieces", async () => {
    const { MultiVariant } = await import("@/app/variants/[id]/MultiVariant");
    const markup = renderToStaticMarkup(<MultiVariant id="four-player-teams" />);
    expect(markup).toContain("<h1>Four-player chess (teams)</h1>");
    expect(markup).toContain("The start position on a board of 160 squares, Red at the bottom");
    expect(markup).toContain(multiGameInfo("four-player-teams").summary[0].replace(/'/g, "&#x27;"));
    expect([...markup.matchAll(/<li data-army="([a-z])"/g)].map((m) => m[1])).toEqual(["r", "b", "y", "g"]);
    expect(markup).toContain("team 2");
    expect(markup).toContain("docs/games/four-player.md#teams");
    expect(markup.match(/<strong>/g)).toHaveLength(6);
    expect(cellsOf(markup)).toHaveLength(160);
  });

  it("every game has a summary, the first line its own", () => {
    const first = IDS.map((id) => multiGameInfo(id).summary[0]);
    for (const line of first) expect(line.length).toBeGreaterThan(20);
    expect(new Set(first).size).toBe(IDS.length);
  });
});
