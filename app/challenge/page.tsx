/**
 * /challenge: a new game against a player, an email address, a private link's
 * holder, anyone in the lobby, or a bot. ?variant=<id>, ?opponent=<name> and ?bot=<level>
 * prefill the form (the variant, preset, player and lobby pages link here). The form offers
 * the built-in games and, apart, the published presets' newest versions, and the preset
 * version ?variant= names, however old (checked against the database).
 */
import Link from "next/link";
import { requireUser } from "@/lib/auth";
import { getDb } from "@/lib/db/client";
import { presetsToChallenge } from "@/lib/games/presets";
import { multiGameInfo, multiVariantIds, variantIds, variantInfo } from "@/lib/rules";
import { MultiChallengeForm } from "./multi-challenge-form";

export const dynamic = "force-dynamic";
import { ChallengeForm } from "./challenge-form";

export const metadata = { title: "New challenge · Courier Variants" };

type Search = Record<string, string | string[] | undefined>;

export default async function ChallengePage({ searchParams }: { searchParams: Promise<Search> }) {
  const search = await searchParams;
  const ids = variantIds();
  const asked = typeof search.variant === "string" ? search.variant : "";
  const presets = await presetsToChallenge(await getDb(), asked);
  const multiIds = multiVariantIds();
  const variant = ids.includes(asked) || presets.some((p) => p.variant === asked) ? asked : ids[0];
  const opponent = typeof search.opponent === "string" && search.opponent.length <= 40 ? search.opponent : "";
  const botLevel = typeof search.bot === "string" && /^[1-8]$/.test(search.bot) ? Number(search.bot) : null;
  const here = new URLSearchParams();
  if (variant !== ids[0]) here.set("variant", variant);
  if (opponent) here.set("opponent", opponent);
  if (botLevel) here.set("bot", String(botLevel));
  if (multiIds.includes(asked)) here.set("variant", asked);
  await requireUser(here.size ? `/challenge?${here}` : "/challenge");
  // A game for more than two (?variant=<its id>) has a form of its own: seats rather than an opponent.
  if (multiIds.includes(asked)) {
    return (
      <main>
        <h1>New game for more than two</h1>
        <p><Link href="/challenge">A game for two instead</Link></p>
        <MultiChallengeForm
          variants={multiIds.map((id) => ({ id, name: multiGameInfo(id).name, armies: multiGameInfo(id).armies }))}
          defaultVariant={asked}
        />
      </main>
    );
  }
  return (
    <main>
      <h1>New challenge</h1>
      <p><Link href={`/challenge?variant=${multiIds[0]}`}>A game for three to eight players</Link></p>
      <ChallengeForm
        variants={ids.map((id) => ({ id, name: variantInfo(id).name, setups: variantInfo(id).setups }))}
        presets={presets.map((p) => ({ id: p.variant, name: p.name, setups: 0, author: p.authorName }))}
        defaults={{ variant, opponentName: opponent, botLevel }}
      />

    </main>
  );
}
