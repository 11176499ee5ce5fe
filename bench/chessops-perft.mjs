/**
 * The peer of the rules tool's `perft chess start 5` as a whole process (bench/cli.ts):
 * chessops, shipped as compiled JavaScript, counting perft(5) from the start position.
 *
 *   node bench/chessops-perft.mjs
 */
import { Chess } from "chessops/chess";
import { perft } from "chessops/debug";

console.log(perft(Chess.default(), 5));
