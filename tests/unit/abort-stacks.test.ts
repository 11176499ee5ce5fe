import { describe, expect, it } from "vitest";
import { formatAbortStacks } from "@/lib/server/abort-stacks";

/** Errors whose stacks V8 has formatted, seen through its formatting hook. */
function formattedWhile(run: () => void): unknown[] {
  const formatted: unknown[] = [];
  const before = Error.prepareStackTrace;
  Error.prepareStackTrace = (error, frames) => {
    formatted.push(error);
    return `${String(error)} (${frames.length} frames)`;
  };
  try {
    run();
  } finally {
    Error.prepareStackTrace = before;
  }
  return formatted;
}

describe("an abort reason's stack is formatted when it is given (lib/server/abort-stacks.ts)", () => {
  it("formats the stack of an Error given as the reason, and of the one a bare abort makes", () => {
    formatAbortStacks();
    let reason!: Error;
    const controller = new AbortController();
    const bare = new AbortController();
    const formatted = formattedWhile(() => {
      reason = new Error("This render completed successfully.");
      controller.abort(reason);
      bare.abort();
    });
    expect(controller.signal.aborted).toBe(true);
    expect(controller.signal.reason).toBe(reason);
    expect(formatted).toContain(reason);
    expect(formatted).toContain(bare.signal.reason);
  });

  it("leaves reasons that are not objects, and reasons whose stack throws, as they were", () => {
    formatAbortStacks();
    const plain = new AbortController();
    plain.abort("done");
    expect(plain.signal.reason).toBe("done");
    const hostile = new AbortController();
    const odd = { get stack(): string { throw new Error("no"); } };
    hostile.abort(odd);
    expect(hostile.signal.reason).toBe(odd);
  });
});
