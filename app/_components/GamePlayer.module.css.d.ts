// Types for GamePlayer.module.css (tsc runs without Next's generated next-env.d.ts in CI).
declare const classes: {
  readonly layout: string;
  readonly boardColumn: string;
  readonly side: string;
  readonly playerBar: string;
  readonly swatchWhite: string;
  readonly swatchBlack: string;
  readonly toMove: string;
  readonly status: string;
  readonly statusLine: string;
  readonly check: string;
  readonly error: string;
  readonly info: string;
  readonly muted: string;
  readonly panel: string;
  readonly building: string;
  readonly confirm: string;
  readonly chooser: string;
  readonly chooserTitle: string;
  readonly chooserButtons: string;
  readonly choice: string;
  readonly moveInput: string;
  readonly heading: string;
  readonly moveList: string;
  readonly lastMove: string;
};
export default classes;
