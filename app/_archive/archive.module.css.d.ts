// Types for archive.module.css (tsc runs without Next's generated next-env.d.ts in CI).
declare const classes: {
  readonly filters: string;
  readonly buttons: string;
  readonly problems: string;
  readonly results: string;
  readonly pager: string;
  readonly thumbnail: string;
};
export default classes;
