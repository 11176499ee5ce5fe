/**
 * POST /api/inbound-mail: replies to "your turn" emails, posted by a mail provider's inbound webhook
 * (docs/reply-by-email.md#receiving-mail). Off (404) unless INBOUND_MAIL_SECRET is set; the request
 * must carry it (lib/mail/inbound-http.ts). Every reply that was read is answered 200 with what
 * became of it (the player's answer goes by email), so the provider does not send it again.
 */
import { getDb } from "@/lib/db/client";
import { MAX_REPLY_BYTES, handleReply } from "@/lib/games/replies";
import { hasSecret, readInboundRequest } from "@/lib/mail/inbound-http";
import { inboundMailSettings } from "@/lib/mail/settings";
import { wakeOutboxWorker } from "@/lib/mail/worker";

const noStore = { "Cache-Control": "no-store" };

export async function POST(request: Request): Promise<Response> {
  const { httpSecret } = inboundMailSettings();
  if (!httpSecret) return Response.json({ error: "not found" }, { status: 404, headers: noStore });
  if (!hasSecret(request, httpSecret)) {
    return Response.json({ error: "the inbound mail secret is missing or wrong" }, {
      status: 401, headers: { ...noStore, "WWW-Authenticate": 'Basic realm="inbound mail"' },
    });
  }
  const read = await readInboundRequest(request, MAX_REPLY_BYTES);
  if ("error" in read) return Response.json({ error: read.error }, { status: read.status, headers: noStore });
  try {
    const outcome = await handleReply(await getDb(), read.mail);
    wakeOutboxWorker();
    return Response.json({ outcome }, { headers: noStore });
  } catch (e) {
    // The database down, say: 503 asks the provider to post the reply again later.
    console.error("inbound mail: the reply could not be handled:", e);
    return Response.json({ error: "the reply could not be handled now; post it again later" }, { status: 503, headers: { ...noStore, "Retry-After": "60" } });
  }
}
