"use server";

import { signOut } from "@/lib/auth";

/** The header's Sign out button. */
export async function signOutFromHeader(): Promise<void> {
  await signOut({ redirectTo: "/" });
}
