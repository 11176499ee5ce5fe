/**
 * The reply server: the app's SMTP server for replies to "your turn" emails (lib/mail/inbound-smtp.ts)
 * wired to the game service (lib/games/replies.ts). The background worker runs it when
 * REPLY_SMTP_PORT is set (lib/games/worker.ts), so exactly one process listens however many app
 * servers run; a move it plays wakes that worker, so the answers go out at once.
 */
import type { Db } from "@/lib/db/client";
import { startInboundSmtp, type InboundSmtp } from "@/lib/mail/inbound-smtp";
import { wakeOutboxWorker } from "@/lib/mail/worker";
import { MAX_REPLY_BYTES, handleReply, isReplyAddress } from "./replies";

export function startReplyServer(
  getDb: () => Promise<Db>, at: { port: number; host: string }, log: (message: string) => void = console.error,
): Promise<InboundSmtp> {
  return startInboundSmtp({
    ...at,
    maxBytes: MAX_REPLY_BYTES,
    log,
    accepts: async (address) => isReplyAddress(await getDb(), address),
    async deliver(mail) {
      await handleReply(await getDb(), mail);
      wakeOutboxWorker();
    },
  });
}
