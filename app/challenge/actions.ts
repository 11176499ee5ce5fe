"use server";
/** Creates a challenge from the form: check the input, let the game service create it, go to the game. */
import { redirect } from "next/navigation";
import { sentence } from "@/app/_components/sentence";
import { requireUser } from "@/lib/auth";
import { getDb } from "@/lib/db/client";
import { GameError, challengeInput, createChallenge, createMultiChallenge, multiChallengeInput } from "@/lib/games";
import { wakeOutboxWorker } from "@/lib/mail/worker";

export type ChallengeFormState = { error: string | null };

/** The form's words for the fields zod names by path. */
const FIELDS: Record<string, string> = {
  variant: "Game",
  color: "Your colour",
  daysPerMove: "Days per move",
  visibility: "Who can watch",
  opponent: "Opponent",
  "opponent.kind": "Opponent",
  "opponent.name": "Player name",
  "opponent.email": "Email address",
  "opponent.level": "Bot level",
  setup: "Setup",
  seat: "Your seat",
  invite: "Invite players by name",
  others: "The other seats",
  bots: "Bots",
};

/** A game for more than two (lib/games/multi.ts): the same steps, its own fields. */
export async function createMultiChallengeAction(_prev: ChallengeFormState, form: FormData): Promise<ChallengeFormState> {
  const user = await requireUser("/challenge");
  const names = String(form.get("invite") ?? "").split(",").map((n) => n.trim()).filter((n) => n !== "");
  const parsed = multiChallengeInput.safeParse({
    variant: form.get("variant"), seat: form.get("seat"), daysPerMove: form.get("daysPerMove"), visibility: form.get("visibility"),
    invite: names, others: form.get("others"),
    // The form's "bot-<army>" fields: a level, or "" for a player (app/challenge/multi-challenge-form.tsx).
    bots: [...form.entries()].flatMap(([key, level]) => (key.startsWith("bot-") && level !== "" ? [{ army: key.slice(4), level }] : [])),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { error: `${FIELDS[String(issue.path[0])] ?? issue.path.join(".")}: ${issue.message}` };
  }
  return created(async () => createMultiChallenge(await getDb(), user.id, parsed.data));
}

async function created(create: () => Promise<{ gameId: string }>): Promise<ChallengeFormState> {
  let gameId: string;
  try {
    ({ gameId } = await create());
  } catch (e) {
    if (e instanceof GameError) return { error: sentence(e.message) };
    console.error("create challenge failed:", e);
    return { error: "Something went wrong on the server. Please try again." };
  }
  // The invitation emails (by name or address) are queued: send them now; or a bot is to move first.
  wakeOutboxWorker();
  redirect(`/games/${gameId}`);
}

export async function createChallengeAction(_prev: ChallengeFormState, form: FormData): Promise<ChallengeFormState> {
  const user = await requireUser("/challenge");
  const kind = form.get("opponentKind");
  const parsed = challengeInput.safeParse({
    variant: form.get("variant"),
    color: form.get("color"),
    daysPerMove: form.get("daysPerMove"),
    visibility: form.get("visibility"),
    opponent:
      kind === "user" ? { kind, name: form.get("opponentName") }
      : kind === "email" ? { kind, email: form.get("opponentEmail") }
      : kind === "bot" ? { kind, level: form.get("botLevel") }
      : { kind },
    // Only games with numbered setups (Chess960) show the choice; left out, the setup is drawn at random.
    setup: form.get("setupKind") === "number" ? form.get("setupNumber") : undefined,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = FIELDS[issue.path.join(".")] ?? issue.path.join(".");
    return { error: `${field}: ${issue.message}` };
  }
  return created(async () => createChallenge(await getDb(), user.id, parsed.data));
}
