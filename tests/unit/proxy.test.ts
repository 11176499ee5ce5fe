/**
 * proxy.ts without a server: the headers it puts on responses, the policy it hands
 * to Next.js with the request (where Next.js finds the nonce for its scripts), and
 * request bodies over the limit refused. tests/e2e/headers.spec.ts checks the same
 * over HTTP.
 */
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { FILE_TOO_LARGE, MAX_REQUEST_BODY_BYTES } from "@/lib/games/record-limits";
import { proxy } from "@/proxy";

const request = (path: string, init: { method?: string; headers?: Record<string, string> } = {}) =>
  new NextRequest(new URL(path, "http://localhost:3000"), init);

describe("proxy", () => {
  it("a policy with a fresh nonce, on the response and on the request Next.js renders", () => {
    const a = proxy(request("/games"));
    const b = proxy(request("/games"));
    const policy = a.headers.get("content-security-policy")!;
    expect(policy).toMatch(/^default-src 'self'; script-src 'self' 'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic'; /);
    expect(policy.split("; ")).toEqual(expect.arrayContaining(["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"]));
    expect(policy).not.toContain("unsafe-eval");
    expect(b.headers.get("content-security-policy")).not.toBe(policy);
    expect(a.headers.get("x-middleware-request-content-security-policy")).toBe(policy);
    expect(a.headers.get("x-frame-options")).toBe("DENY");
    expect(a.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("leaves the board SVG's own policy alone, but not its other headers", () => {
    const svg = proxy(request("/games/abc/board.svg"));
    expect(svg.headers.get("content-security-policy")).toBeNull();
    expect(svg.headers.get("x-frame-options")).toBe("DENY");
    for (const path of ["/games/abc/board.png", "/games/abc/board.svg/x", "/x/games/abc/board.svg"]) {
      expect(proxy(request(path)).headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
    }
  });

  it("a body over the limit is answered 413 with the file message; one at the limit goes on", async () => {
    const over = proxy(request("/import", { method: "POST", headers: { "content-length": String(MAX_REQUEST_BODY_BYTES + 1) } }));
    expect(over.status).toBe(413);
    expect(await over.text()).toContain(FILE_TOO_LARGE);
    expect(over.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    const at = proxy(request("/import", { method: "POST", headers: { "content-length": String(MAX_REQUEST_BODY_BYTES) } }));
    expect(at.status).toBe(200);
    expect(at.headers.get("x-middleware-next")).toBe("1");
  });
});
