import Link from "next/link";
import { AppHeader } from "@/components/AppHeader";
import { db } from "@/lib/db/infra/client";
import { waitingPairsByDestination } from "@/lib/db/judging/waiting";
import { requirePageUser } from "@/lib/server/auth";

export const dynamic = "force-dynamic";

export default async function ExpertHome() {
  const user = await requirePageUser("EXPERT");
  const rows = await waitingPairsByDestination(db(), user.id);
  const total = rows.reduce((n, r) => n + r.waiting, 0);
  return (
    <>
      <AppHeader user={user} />
      <main className="page">
        <h1>Welcome, {user.name.split(" ")[0]}</h1>
        <p className="lead" data-testid="waiting-total">
          {total === 0
            ? "No pairs are waiting for you right now."
            : `${total} pair${total === 1 ? "" : "s"} wait for your judgment.`}
        </p>
        {total > 0 && (
          <p>
            <Link className="btn primary" href="/judge">
              Start judging
            </Link>
          </p>
        )}
        {rows.length === 0 ? (
          <p className="muted">No destinations are assigned to you yet. An admin assigns the destinations you know.</p>
        ) : (
          <table className="table" aria-label="Pairs waiting per destination">
            <thead>
              <tr>
                <th>Destination</th>
                <th>Your familiarity</th>
                <th className="num">Pairs waiting</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.destinationId} data-testid={`dest-${r.name}`}>
                  <td>
                    {r.name}, <span className="muted">{r.country}</span>
                  </td>
                  <td>
                    <span className="stars" aria-label={`${r.familiarity} of 5`}>
                      {"●".repeat(r.familiarity)}
                      <span className="dim">{"●".repeat(5 - r.familiarity)}</span>
                    </span>
                  </td>
                  <td className="num">{r.waiting}</td>
                  <td>
                    {r.waiting > 0 && (
                      <Link className="btn small" href={`/judge?destination=${r.destinationId}`}>
                        Judge {r.name}
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </main>
    </>
  );
}
