import type { Metadata } from "next";
import Link from "next/link";
import { RulesText } from "@/app/_overview/format";
import { variantIds, variantInfo } from "@/lib/rules";

export const metadata: Metadata = { title: "Games · Courier Variants" };

/** Every game the rules module knows, from its own list: nothing to keep in step by hand. */
export default function VariantsPage() {
  return (
    <main>
      <h1>Games</h1>
      <p>Every game here is played by correspondence: a few days per move, every move checked by the server.</p>
      <p className="meta">Each game&apos;s page has its rules in short and links its rules in full, from the project&apos;s rule book (<code>docs/</code>).</p>
      <ul className="variant-grid">
        {variantIds().map((id) => {
          const v = variantInfo(id);
          return (
            <li key={id}>
              <h2 className="card-title" style={{ margin: 0, fontSize: "1.1rem" }}>
                <Link href={`/variants/${id}`}>{v.name}</Link>
              </h2>
              <div className="meta">
                {v.files}×{v.ranks} board · {v.pieces.length} kinds of piece · <code>{id}</code>
              </div>
              {v.summary[0] && <p><RulesText text={v.summary[0]} /></p>}
            </li>
          );
        })}
      </ul>
    </main>
  );
}
