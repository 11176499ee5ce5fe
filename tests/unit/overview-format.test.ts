import { describe, expect, it } from "vitest";
import { relativeTime, utcStamp, variantName, playerPath } from "@/app/_overview/format";

const now = new Date("2026-12-01T12:00:00Z");
const at = (ms: number) => new Date(now.getTime() + ms);
const H = 3600_000;

describe("overview formatting", () => {
  it("says how far away a deadline is, coarsely", () => {
    expect(relativeTime(at(30_000), now)).toBe("in under a minute");
    expect(relativeTime(at(-30_000), now)).toBe("just now");
    expect(relativeTime(at(60_000), now)).toBe("in 1 minute");
    expect(relativeTime(at(45 * 60_000), now)).toBe("in 45 minutes");
    expect(relativeTime(at(5 * H + 59 * 60_000), now)).toBe("in 5 hours");
    expect(relativeTime(at(24 * H), now)).toBe("in 1 day");
    expect(relativeTime(at(51 * H), now)).toBe("in 2 days 3 hours");
    expect(relativeTime(at(7 * 24 * H + 5 * H), now)).toBe("in 7 days");
    expect(relativeTime(at(-2 * H), now)).toBe("2 hours ago");
  });

  it("prints times in UTC, as the emails do", () => {
    expect(utcStamp(new Date("2026-12-04T14:05:09Z"))).toBe("2026-12-04 14:05 UTC");
  });

  it("names games and links players safely", () => {
    expect(variantName("chess")).toMatch(/chess/i);
    expect(variantName("no-such-game")).toBe("no-such-game");
    expect(playerPath("a b/c")).toBe("/players/a%20b%2Fc");
  });
});

describe("rules text", () => {
  it("shows backticked move text as code and everything as text", async () => {
    const { renderToStaticMarkup } = await import("react-dom/server");
    const { createElement } = await import("react");
    const { RulesText } = await import("@/app/_overview/format");
    expect(renderToStaticMarkup(createElement(RulesText, { text: "a swap (`N c6-e5`) <b>" })))
      .toBe("a swap (<code>N c6-e5</code>) &lt;b&gt;");
    expect(renderToStaticMarkup(createElement(RulesText, { text: "one ` only" }))).toBe("one ` only");
  });
});
