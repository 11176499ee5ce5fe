import { PgDialect } from "drizzle-orm/pg-core";
import type { SQL } from "drizzle-orm";
import type { Executor } from "./client";

interface Runnable<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}
/** What drizzle 0.45's sessions and prepared queries (postgres.js and PGlite alike) keep: the connection and the logger. */
interface Connection {
  client: unknown;
  logger: unknown;
}

/**
 * A query whose SQL is built once, for a hot path. Drizzle builds a query's SQL text from its
 * builder on every call (a third of a millisecond of the event loop for a move's lock with its
 * joins: BENCHMARKS.md, "Submitting a move"); drizzle's own prepare() builds it once but binds it to
 * the database or transaction it was made on. So the query is made once per driver, its values as
 * sql.placeholder, and each run gives it the executor's connection and logger: inside a
 * transaction it runs in that transaction, and a test's statement log sees it
 * (tests/integration/prepared.test.ts).
 */
export function preparedQuery<R>(make: (ex: Executor) => Runnable<R>): (ex: Executor, values: Record<string, unknown>) => Promise<R> {
  const made = new Map<unknown, Runnable<R>>();
  return (ex, values) => {
    const session = ex._.session as unknown as Connection;
    let query = made.get(session.constructor);
    if (!query) made.set(session.constructor, (query = make(ex)));
    const here: Runnable<R> = Object.assign(Object.create(Object.getPrototypeOf(query)), query, { client: session.client, logger: session.logger });
    return here.execute(values);
  };
}

const dialect = new PgDialect();

/**
 * A statement written with drizzle's sql template (a data-modifying CTE, say), its SQL built once
 * (preparedQuery); resolves to its rows, whichever driver ran it (postgres.js answers with the
 * rows, PGlite with `{ rows }`).
 */
export function preparedStatement<Row>(make: (ex: Executor) => SQL): (ex: Executor, values: Record<string, unknown>) => Promise<Row[]> {
  const run = preparedQuery((ex) => ex._.session.prepareQuery(dialect.sqlToQuery(make(ex)), undefined, undefined, false));
  return async (ex, values) => {
    const result = (await run(ex, values)) as Row[] | { rows: Row[] };
    return Array.isArray(result) ? result : result.rows;
  };
}
