/**
 * How large an imported game record may be. One place for the import form (which
 * checks in the browser before sending), the import action, importRecord, and
 * next.config.ts / proxy.ts (the request body limit), so that they cannot drift
 * apart: a record between them used to reach Next.js's own 1 MB limit and a bare
 * 500. Nothing is imported here, since next.config.ts loads this file.
 */

/** A record file or pasted record, in bytes of UTF-8: a 1000-move game is about 20 kB. */
export const MAX_RECORD_BYTES = 500_000;
export const RECORD_LIMIT = `${MAX_RECORD_BYTES / 1000} kB`;

/**
 * Any request body (server actions included). The import form sends the pasted
 * text and the file together, each up to the record limit, plus multipart headers.
 */
export const MAX_REQUEST_BODY_BYTES = 2 * MAX_RECORD_BYTES + 100_000;

export const FILE_TOO_LARGE = `The file is too large (limit ${RECORD_LIMIT}).`;
export const RECORD_TOO_LARGE = `The record is too large (limit ${RECORD_LIMIT}).`;

/** The size of text as it is sent and stored (UTF-8). */
export const recordBytes = (text: string): number => new TextEncoder().encode(text).length;
