import Link from "next/link";

export default function NotFound() {
  return (
    <main>
      <h1>Not found</h1>
      <p>There is nothing at this address: no such game, player or page.</p>
      <p>
        <Link href="/">Home</Link> · <Link href="/variants">Variants</Link> · <Link href="/lobby">Lobby</Link>
      </p>
    </main>
  );
}
