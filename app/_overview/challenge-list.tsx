/** Challenges addressed to the viewer, and the viewer's own pending ones. */
import Link from "next/link";
import type { OpenChallenge } from "@/lib/games";
import type { OwnChallenge } from "@/lib/games/overview";
import { ChallengeButton } from "./challenge-button";
import { Colour, PlayerLink, VariantLink, variantName } from "./format";

const other = (c: "white" | "black") => (c === "white" ? "black" : "white");
const days = (n: number) => `${n} ${n === 1 ? "day" : "days"} per move`;

export function ChallengesForYou({ list, from }: { list: OpenChallenge[]; from: "/" | "/lobby" }) {
  return (
    <ul className="cards">
      {list.map((c) => {
        const about = `${variantName(c.variant)} from ${c.fromName ?? "someone"}`;
        return (
          <li key={c.invitationId}>
            <div className="card-title">
              <PlayerLink name={c.fromName} /> challenges you to <VariantLink id={c.variant} />
            </div>
            <div className="meta">
              You play <Colour variant={c.variant} colour={other(c.challengerColour)} /> · {days(c.daysPerMove)}
            </div>
            <div className="actions">
              <ChallengeButton kind="accept" invitationId={c.invitationId} from={from} about={about} />
              <ChallengeButton kind="decline" invitationId={c.invitationId} from={from} about={about} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function Addressee({ c }: { c: OwnChallenge }) {
  switch (c.kind) {
    case "user":
      return <>to <PlayerLink name={c.toName} /></>;
    case "email":
      return <>sent by email</>;
    case "open":
      if (c.listed) return <>open to anyone, in the <Link href="/lobby">lobby</Link></>;
      return <>open to whoever holds the link <Link href={`/invitations/${c.token}`}>/invitations/{c.token}</Link> (not in the lobby)</>;
    case "link":
      return <>for whoever holds the link <Link href={`/invitations/${c.token}`}>/invitations/{c.token}</Link></>;
  }
}

function addresseeText(c: OwnChallenge): string {
  return c.kind === "user" ? `to ${c.toName ?? "someone"}` : c.kind === "open" ? (c.listed ? "in the lobby" : "by link") : c.kind === "email" ? "by email" : "by link";
}

export function YourChallenges({ list, from }: { list: OwnChallenge[]; from: "/" | "/lobby" }) {
  return (
    <ul className="cards">
      {list.map((c) => (
        <li key={c.invitationId}>
          <div className="card-title">
            <VariantLink id={c.variant} />, <Addressee c={c} />
          </div>
          <div className="meta">
            You play <Colour variant={c.variant} colour={c.challengerColour} /> · {days(c.daysPerMove)}
          </div>
          <div className="actions">
            <ChallengeButton
              kind="withdraw" invitationId={c.invitationId} from={from}
              about={`${variantName(c.variant)} ${addresseeText(c)}`}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
