/**
 * Named moments in a request's work (a move's read of the game, its judgement, its write), published
 * on a diagnostics channel for a probe to time: the load bench's (bench/server-probe.ts), which
 * splits a slow move's time between the framework, the session, the database and the rules. Nothing
 * listens in service, and then a mark costs one property read.
 */
import { channel } from "node:diagnostics_channel";

export const STAGE_CHANNEL = "courier:stage";
const stages = channel(STAGE_CHANNEL);

/** The request's work has reached `name` (said of the step just ended: "session", "read", …). */
export function markStage(name: string): void {
  if (stages.hasSubscribers) stages.publish(name);
}
