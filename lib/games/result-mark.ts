/**
 * A result as players read it: 1-0, 0-1, and a draw ½–½; records keep PGN's 1/2-1/2.
 * Its own module, with no imports, so the game page's client code can use it too.
 */
export function resultMark(result: "1-0" | "0-1" | "1/2-1/2"): string {
  return result === "1/2-1/2" ? "½–½" : result;
}
