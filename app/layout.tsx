import type { Metadata, Viewport } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { signOutFromHeader } from "@/app/_actions/session";
import { playerPath } from "@/app/_overview/format";
import { getCurrentUser } from "@/lib/auth";
import "./globals.css";

export const metadata: Metadata = {
  title: "Courier Variants",
  description: "Correspondence chess variants: play slow games by email.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const user = await getCurrentUser();
  const menu = (
    <>
      <nav aria-label="Site">
        <ul>
          <li><Link href="/">Home</Link></li>
          <li><Link href="/lobby">Lobby</Link></li>
          <li><Link href="/games">Archive</Link></li>
          <li><Link href="/variants">Variants</Link></li>
          <li><Link href="/challenge">New challenge</Link></li>
        </ul>
      </nav>
      <nav aria-label="Account" className="account">
        {user ? (
          <ul>
            <li>
              {user.name ? (
                <Link href={playerPath(user.name)} className="me">{user.name}</Link>
              ) : (
                <Link href="/welcome">Choose a name</Link>
              )}
            </li>
            <li><Link href="/settings">Settings</Link></li>
            <li>
              <form action={signOutFromHeader}>
                <button type="submit" className="link-button">Sign out</button>
              </form>
            </li>
          </ul>
        ) : (
          <ul>
            <li><Link href="/signin">Sign in</Link></li>
          </ul>
        )}
      </nav>
    </>
  );
  return (
    <html lang="en">
      <body>
        <a className="skip-link" href="#main">Skip to content</a>
        <header className="site-header">
          <Link href="/" className="brand">Courier Variants</Link>
          {/* Wide screens show the menu; on a phone it folds into one "Menu" (only one is ever displayed). */}
          <div className="menu-wide">{menu}</div>
          <details className="menu-narrow">
            <summary>Menu</summary>
            {menu}
          </details>
        </header>
        <div id="main" className="page">{children}</div>
      </body>
    </html>
  );
}
