import type { OutboxEmail } from "@/lib/db/schema";
import { renderQueued } from "@/lib/mail/outbox";

/** Queued rows with the bodies the worker would send: rendered through the worker's own function. */
export function withBodies<T extends Pick<OutboxEmail, "kind" | "data" | "html" | "text">>(rows: T[]): Promise<(T & { html: string; text: string })[]> {
  return Promise.all(rows.map(async (r) => ({ ...r, ...(await renderQueued(r)) })));
}
