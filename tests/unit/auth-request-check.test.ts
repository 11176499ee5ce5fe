import { describe, expect, it } from "vitest";
import { authRequestProblem, MAX_AUTH_BODY, withoutBadCallbackCookie } from "@/lib/auth/request-check";

const site = "http://localhost:3000";
const get = (query: string) => authRequestProblem(new Request(`${site}/api/auth/signin${query}`), site);
const post = (body: string, type = "application/x-www-form-urlencoded") =>
  authRequestProblem(new Request(`${site}/api/auth/signin/email`, { method: "POST", headers: { "content-type": type }, body }), site);

describe("the check in front of Auth.js", () => {
  it("lets sign-in requests as the site makes them through", async () => {
    expect(await get("")).toBeNull();
    expect(await get("?callbackUrl=%2Fgames%2Fabc%3Fply%3D3")).toBeNull();
    expect(await get(`?callbackUrl=${encodeURIComponent(`${site}/games/abc`)}&error=Verification`)).toBeNull();
    expect(await authRequestProblem(new Request(`${site}/api/auth/callback/email?callbackUrl=${encodeURIComponent(site)}&token=${"ab".repeat(32)}&email=a%40b.test`), site)).toBeNull();
    expect(await post(new URLSearchParams({ email: "a@b.test", csrfToken: "x".repeat(64), callbackUrl: "/settings" }).toString())).toBeNull();
    expect(await post(JSON.stringify({ csrfToken: "t", data: { any: ["thing"] } }), "application/json")).toBeNull();
  });

  it("names the field of a bad callbackUrl, in the query or the body", async () => {
    for (const bad of ["%00", "http://[", "x".repeat(3000), "https%3A%2F%2Fevil.example%2F", "%2F%2Fevil.example", "javascript:alert(1)", "games", "%E0%A4%A", "http%253A%252F%252F%255B"]) {
      expect(await get(`?callbackUrl=${bad}`), bad.slice(0, 20)).toMatch(/^callbackUrl: /);
    }
    // Repeated: Auth.js takes the last, so every one is checked.
    expect(await get("?callbackUrl=%2F&callbackUrl=http%3A%2F%2F%5B")).toBe("callbackUrl: must be an address on this site");
    expect(await post("callbackUrl=http%3A%2F%2F%5B&email=a%40b.test")).toMatch(/^callbackUrl: /);
    expect(await post(JSON.stringify({ callbackUrl: 42 }), "application/json")).toMatch(/^callbackUrl: /);
  });

  it("refuses other fields Auth.js reads when malformed, and bodies it cannot read", async () => {
    expect(await get("?error=%3Cscript%3E")).toMatch(/^error: /);
    expect(await get(`?token=${"a".repeat(500)}`)).toMatch(/^token: /);
    expect(await get("?anything=a%00b")).toBe("anything: no control characters");
    expect(await post(JSON.stringify({ email: ["a@b.test"] }), "application/json")).toMatch(/^email: /);
    expect(await post("{not json", "application/json")).toBe("the body is not JSON");
    expect(await post("[1,2]", "application/json")).toBe("the body is not a JSON object");
    expect(await post(`email=${"a".repeat(MAX_AUTH_BODY)}`)).toMatch(/larger than/);
  });
});

describe("fields named like an object's own methods", () => {
  it("are fields like any other, in the query and in either body (route fuzz, FUZZ_SEED=627272: it threw)", async () => {
    for (const key of ["toString", "constructor", "hasOwnProperty", "__proto__", "valueOf"]) {
      expect(await get(`?${key}=x`)).toBeNull();
      expect(await post(`${key}=x&email=a%40b.test`)).toBeNull();
      expect(await post(`{"${key}": "x", "email": "a@b.test"}`, "application/json")).toBeNull();
    }
  });
});

describe("the callback-url cookie", () => {
  it("drops only a callback-url cookie that is no address on this site", () => {
    expect(withoutBadCallbackCookie(null, site)).toBeNull();
    expect(withoutBadCallbackCookie(`authjs.callback-url=${encodeURIComponent(`${site}/games`)}; authjs.session-token=s`, site)).toBeNull();
    expect(withoutBadCallbackCookie("a=1; authjs.callback-url=http://[; authjs.session-token=s", site)).toBe("a=1; authjs.session-token=s");
    expect(withoutBadCallbackCookie("__Secure-authjs.callback-url=https%3A%2F%2Fevil.example%2F", site)).toBe("");
    expect(withoutBadCallbackCookie("authjs.callback-url=%E0%A4%A", site)).toBe("");
  });
});
