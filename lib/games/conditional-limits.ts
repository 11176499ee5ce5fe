/**
 * The bounds on conditional moves (docs/conditional-moves.md#limits): shared by the server's
 * checks and the game page, which imports no zod schema (they are built at import).
 */
export const CONDITIONAL_LINES_PER_GAME = 20;
export const CONDITIONAL_PLIES_PER_LINE = 20;
