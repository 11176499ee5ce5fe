import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { atomFeed, xmlEscape, type FeedEntry } from "@/lib/games/feed";

const entry = (over: Partial<FeedEntry> = {}): FeedEntry => ({
  id: "g1", variant: "chess", white: "Alice", black: "Bob", ply: 3, lastMove: "N g1-f3",
  lastMoveAt: new Date("2026-11-29T10:00:00Z"), status: "active", result: null, endReason: null, ...over,
});

const parse = (xml: string) => new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" }).parse(xml);

describe("Atom feed", () => {
  it("is well-formed Atom with the elements RFC 4287 requires", () => {
    const xml = atomFeed({ siteUrl: "https://cv.example", player: "Alice", updated: new Date("2026-11-29T10:00:00Z"), entries: [entry(), entry({ id: "g2", ply: 2, lastMove: "p e7-e5", lastMoveAt: new Date("2026-11-28T10:00:00Z") })] });
    expect(XMLValidator.validate(xml)).toBe(true);
    const { feed } = parse(xml);
    expect(feed["@xmlns"]).toBe("http://www.w3.org/2005/Atom");
    expect(feed.id).toBe("https://cv.example/players/Alice/feed.xml");
    expect(feed.updated).toBe("2026-11-29T10:00:00.000Z");
    expect(feed.author.name).toBe("Alice");
    expect(feed.link.map((l: Record<string, string>) => l["@rel"])).toEqual(["self", "alternate"]);
    expect(feed.entry).toHaveLength(2);
    const [first, second] = feed.entry;
    expect(first.id).toBe("https://cv.example/games/g1");
    expect(first.title).toMatch(/^Alice vs Bob \(.+\): 2\. N g1-f3$/);
    expect(first.link["@href"]).toBe("https://cv.example/games/g1?ply=3");
    expect(second.title).toMatch(/1\.\.\. p e7-e5$/);
    expect(first.content["@type"]).toBe("html");
    expect(first.content["#text"]).toContain('src="https://cv.example/games/g1/board.png?ply=3"');
  });

  it("says how a finished game ended", () => {
    const xml = atomFeed({ siteUrl: "https://cv.example", player: "Alice", updated: new Date(), entries: [entry({ status: "finished", result: "0-1", endReason: "checkmate", ply: 4, lastMove: "q d8-h4" })] });
    expect(parse(xml).feed.entry.title).toMatch(/: 0-1 by checkmate after 2\.\.\. q d8-h4$/);
  });

  it("escapes every name and move, also inside the escaped HTML content", () => {
    const evil = `<script>alert("x")</script> & 'co'`;
    const xml = atomFeed({ siteUrl: "https://cv.example", player: "Alice", updated: new Date(), entries: [entry({ white: evil, black: "Bob\u0001", lastMove: "<b>" })] });
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).not.toContain("<script>");
    expect(xml).not.toContain("\u0001");
    const { feed } = parse(xml);
    expect(feed.entry.title).toContain(evil);
    // After one unescape (what a reader does) the HTML still shows the name as text.
    expect(feed.entry.content["#text"]).toContain("&lt;script&gt;");
    expect(feed.entry.content["#text"]).not.toContain("<script>");
  });

  it("is valid with no entries", () => {
    const xml = atomFeed({ siteUrl: "https://cv.example", player: "Zed", updated: new Date("2026-01-01T00:00:00Z"), entries: [] });
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(parse(xml).feed.entry).toBeUndefined();
    expect(xmlEscape(`a&b<c>"d"'e'`)).toBe("a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;");
  });
});
