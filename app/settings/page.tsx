import { requireUser } from "@/lib/auth";
import { signOutAction } from "./actions";
import { SettingsForm } from "./settings-form";

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
        }}
      />
      <form action={signOutAction}>
        <button type="submit">Sign out</button>
      </form>
    </main>
  );
}
