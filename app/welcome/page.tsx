import { redirect } from "next/navigation";
import { getCurrentUser, safeCallbackPath } from "@/lib/auth";
import { NameForm } from "./name-form";

export const metadata = { title: "Welcome · Courier Variants" };

type Search = Record<string, string | string[] | undefined>;

/** First sign-in: choose the display name other players will see. */
export default async function WelcomePage({ searchParams }: { searchParams: Promise<Search> }) {
  const callbackUrl = safeCallbackPath((await searchParams).callbackUrl);
  const user = await getCurrentUser();
  const here = `/welcome?${new URLSearchParams({ callbackUrl })}`;
  if (!user) redirect(`/signin?${new URLSearchParams({ callbackUrl: here })}`);
  if (user.name !== null) redirect(callbackUrl);
  return (
    <main>
      <h1>Welcome</h1>
      <p>Choose the name other players will see: 3 to 20 letters, digits, - or _. You can change it later in settings.</p>
      <NameForm callbackUrl={callbackUrl} />
    </main>
  );
}
