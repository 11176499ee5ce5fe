export default function Home() {
  return (
    <main>
      <h1>Courier Variants</h1>
      <p>Correspondence play for chess variants.</p>
    </main>
  );
}
