/**
 * Every render's memory outlived its request (BENCHMARKS.md, "Memory after the load"): React's
 * server renderer aborts each render's cache signal with an Error whose stack nobody reads, and V8
 * keeps an unread stack as frames that reach the render, and through the Immediates that ran it,
 * the renders before it (react/react#37288). Formatting an abort reason's stack when it is given
 * turns those frames into a string, so the render is freed with its request. About the cost of
 * reading one error's stack per aborted signal.
 */
let installed = false;

export function formatAbortStacks(): void {
  if (installed) return;
  installed = true;
  const abort = AbortController.prototype.abort;
  AbortController.prototype.abort = function (this: AbortController, reason?: unknown) {
    abort.call(this, reason);
    const given = this.signal.reason as { stack?: unknown } | null | undefined;
    try {
      if (given !== null && typeof given === "object") void given.stack;
    } catch {
      // A reason whose stack cannot be read keeps what it holds; the abort itself went through.
    }
  };
}
