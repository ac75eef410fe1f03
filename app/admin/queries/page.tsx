import Link from "next/link";
import { db } from "@/lib/db/infra/client";
import { queriesWithDsl } from "@/lib/db/datasets/dsl";
import { requirePageUser } from "@/lib/server/auth";

/** Every request with the stage of its constraint annotations, linking to the editor. */
export default async function QueriesPage() {
  // Reads the database itself: checks the role again (app/admin/layout.tsx).
  await requirePageUser("ADMIN");
  const rows = await queriesWithDsl(db());
  const stages = rows.reduce<Record<string, number>>(
    (acc, r) => ({ ...acc, [r.latest?.stage ?? "NONE"]: (acc[r.latest?.stage ?? "NONE"] ?? 0) + 1 }),
    {},
  );
  return (
    <>
      <h1>Requests and their constraints</h1>
      <p className="muted">
        {rows.length} requests ·{" "}
        {["FINAL", "VERIFIED", "REVISED", "DRAFT", "NONE"]
          .filter((s) => stages[s])
          .map((s) => `${stages[s]} ${s === "NONE" ? "without constraints" : s.toLowerCase()}`)
          .join(" · ")}
      </p>
      <section className="card">
        <table className="table" aria-label="Requests">
          <thead>
            <tr>
              <th>Request</th>
              <th>Destination</th>
              <th>Dataset</th>
              <th>Constraints</th>
              <th>Stage</th>
              <th>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td className="small">{r.text.length > 110 ? `${r.text.slice(0, 110)}…` : r.text}</td>
                <td>{r.destination}</td>
                <td className="small">{r.dataset}</td>
                <td className="num">{r.latest?.constraints ?? 0}</td>
                <td>
                  {r.latest ? (
                    <span className={`stage stage-${r.latest.stage.toLowerCase()}`}>
                      {r.latest.stage.toLowerCase()}
                    </span>
                  ) : (
                    <span className="muted">—</span>
                  )}
                </td>
                <td>
                  <Link href={`/queries/${r.id}/constraints`}>Edit</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
