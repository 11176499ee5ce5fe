/** Every problem the rules module reports to a caller: bad text, an impossible position, an illegal move. */
export class RulesError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RulesError";
  }
}
