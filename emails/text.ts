import { z } from "zod";

/** A text of a template's data: bounded, so a hostile queued row cannot make the worker render megabytes. */
export const text = z.string().max(10_000);
