// Types for Board.module.css (tsc runs without Next's generated next-env.d.ts in CI).
declare const classes: {
  readonly wrap: string;
  readonly board: string;
  readonly dragging: string;
  readonly ghost: string;
  readonly slide: string;
  readonly srOnly: string;
};
export default classes;
