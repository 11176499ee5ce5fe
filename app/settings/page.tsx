import { requireUser } from "@/lib/auth";
import { signOutAction } from "./actions";
import { SettingsForm } from "./settings-form";
import { VacationForm } from "./vacation-form";
import { VACATION_DAYS_PER_YEAR, vacationLeftSeconds } from "@/lib/games";

export const metadata = { title: "Settings · Courier Variants" };

export default async function SettingsPage() {
  const user = await requireUser("/settings");
  return (
    <main>
      <h1>Settings</h1>
      <p>Signed in as {user.email}.</p>
      <SettingsForm
        current={{
          name: user.name,
          notify: user.notify,
          boardOrientation: user.boardOrientation,
          confirmMoves: user.confirmMoves,
          pieceSet: user.pieceSet,
          shogiCoordinates: user.shogiCoordinates,
          chatEnabled: user.chatEnabled,
          moveNotation: user.moveNotation,
        }}
      />
      <h2>Vacation</h2>
      <VacationForm
        onVacation={user.vacationSince !== null}
        daysLeft={Math.floor(vacationLeftSeconds(user, new Date()) / 86400)}
        allowance={VACATION_DAYS_PER_YEAR}
      />
      <form action={signOutAction}>
        <button type="submit">Sign out</button>
      </form>
    </main>
  );
}
