/**
 * The session cookie a move's request is read by (lib/auth/session-user.ts sessionCookieName) must
 * be the one Auth.js reads, or a move would be signed by a cookie Auth.js ignores (on https, a
 * plain-named one anyone on http or a sibling domain could have set) or refused for the right one.
 */
import { describe, expect, it } from "vitest";
import { sessionCookieName } from "@/lib/auth/session-user";

describe("the session cookie's name", () => {
  it("follows the site's address when it is set", () => {
    expect(sessionCookieName("https://courier.example", null)).toBe("__Secure-authjs.session-token");
    expect(sessionCookieName("https://courier.example/", "http")).toBe("__Secure-authjs.session-token");
    expect(sessionCookieName("http://localhost:3000", "https")).toBe("authjs.session-token");
  });

  it("else the proxy's word for the protocol, https when it says nothing (as Auth.js assumes)", () => {
    expect(sessionCookieName(undefined, "http")).toBe("authjs.session-token");
    expect(sessionCookieName(undefined, "https")).toBe("__Secure-authjs.session-token");
    expect(sessionCookieName(undefined, "https:")).toBe("__Secure-authjs.session-token");
    expect(sessionCookieName(undefined, null)).toBe("__Secure-authjs.session-token");
  });
});
