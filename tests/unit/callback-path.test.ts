import { describe, expect, it } from "vitest";
import { callbackPathOf, safeCallbackPath } from "@/lib/auth/callback-path";

const site = "http://localhost:3000";

describe("safeCallbackPath", () => {
  it("keeps paths and same-site URLs as paths", () => {
    expect(safeCallbackPath("/games/abc?x=1#m5", "/", site)).toBe("/games/abc?x=1#m5");
    expect(safeCallbackPath("http://localhost:3000/settings", "/", site)).toBe("/settings");
  });

  it("refuses other sites, however spelled", () => {
    for (const bad of ["//evil.example/x", "/\\evil.example", "https://evil.example/", "http://localhost:3001/", "javascript:alert(1)"]) {
      expect(safeCallbackPath(bad, "/home", site)).toBe("/home");
    }
  });

  it("never returns a path a browser reads as another site (found by the action fuzz)", () => {
    for (const bad of [".//evil.example/x", "./////evil.example", "/.//evil.example", "http://localhost:3000//evil.example", "/%2e//evil.example"]) {
      const path = safeCallbackPath(bad, "/home", site);
      expect(path, bad).toMatch(/^\/(?![/\\])/);
      expect(new URL(path, site).origin, bad).toBe(site);
    }
  });

  it("falls back on missing or non-string values", () => {
    expect(safeCallbackPath(undefined, "/", site)).toBe("/");
    expect(safeCallbackPath(["/a", "/b"], "/", site)).toBe("/");
    expect(safeCallbackPath("", "/", site)).toBe("/");
  });

  it("refuses control characters and overlong values rather than cleaning them up", () => {
    for (const bad of ["\u0000", "/games\u0000", "/ga\tmes", "\n/games", `/${"x".repeat(2000)}`, "http://[", "http://localhost:3000:99999/"]) {
      expect(callbackPathOf(bad, site), JSON.stringify(bad.slice(0, 20))).toBeNull();
    }
    expect(callbackPathOf(`/${"x".repeat(1999)}`, site)).toHaveLength(2000);
  });
});
