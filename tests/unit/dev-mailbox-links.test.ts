import { describe, expect, it } from "vitest";
import { linkParts } from "@/app/dev/mailbox/links";

describe("the dev mailbox's links", () => {
  it("makes each link clickable, without the punctuation that ends its sentence", () => {
    expect(linkParts("Sign in: https://cv.example/api/auth/callback/x?token=1. Thanks")).toEqual([
      { text: "Sign in: " },
      { text: "https://cv.example/api/auth/callback/x?token=1", href: "https://cv.example/api/auth/callback/x?token=1" },
      { text: ". Thanks" },
    ]);
    expect(linkParts("(see https://cv.example/games/g1), then https://cv.example/a!")).toEqual([
      { text: "(see " },
      { text: "https://cv.example/games/g1", href: "https://cv.example/games/g1" },
      { text: "), then " },
      { text: "https://cv.example/a", href: "https://cv.example/a" },
      { text: "!" },
    ]);
  });
  it("keeps text without links whole, and a dot inside a link", () => {
    expect(linkParts("no links here.")).toEqual([{ text: "no links here." }]);
    expect(linkParts("https://cv.example/a.b/c")).toEqual([{ text: "https://cv.example/a.b/c", href: "https://cv.example/a.b/c" }]);
  });
  it("reads a long hostile text in one pass", () => {
    const text = `${"https://x".repeat(20_000)}${".".repeat(20_000)}a${".".repeat(20_000)} https://${".".repeat(50_000)}`;
    const parts = linkParts(text);
    expect(parts.map((p) => p.text).join("")).toBe(text);
  });
});
