import Link from "next/link";
import { AppHeader } from "@/components/AppHeader";
import { db } from "@/lib/platform/db";
import { waitingPairsByDestination } from "@/lib/judging/store";
import { recentlyJudged } from "@/lib/corrections/store";
import { rejectedJudgmentsOf } from "@/lib/review/store";
import { verdictText } from "@/lib/review";
import { CorrectLinks } from "@/components/judge/CorrectOffer";
import { requirePageUser } from "@/lib/platform/next";

export const dynamic = "force-dynamic";

export default async function ExpertHome() {
  const user = await requirePageUser("EXPERT");
  const [rows, judged, rejected, me] = await Promise.all([
    waitingPairsByDestination(db(), user.id),
    recentlyJudged(db(), user.id, 10),
    rejectedJudgmentsOf(db(), user.id, 20),
    db().user.findUnique({ where: { id: user.id }, select: { standing: true } }),
  ]);
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
                <th>
                  <span className="sr-only">Actions</span>
                </th>
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
        {rejected.length > 0 && (
          <section className="card" aria-labelledby="rejected-title">
            <h2 id="rejected-title">Judgments a reviewer rejected</h2>
            <p className="muted small">
              A reviewer found these judgments wanting and said why. They count in no figure; another expert judges the
              pair in your place. Your other judgments are not affected.
            </p>
            <table className="table" aria-label="Judgments a reviewer rejected">
              <thead>
                <tr>
                  <th>Rejected</th>
                  <th>Destination</th>
                  <th>Request</th>
                  <th>Your verdict</th>
                  <th>Reason</th>
                </tr>
              </thead>
              <tbody>
                {rejected.map((r) => (
                  <tr key={r.judgmentId} data-testid={`rejected-${r.pairId}`}>
                    <td className="nowrap">{r.rejectedAt.toISOString().slice(0, 16).replace("T", " ")} UTC</td>
                    <td>{r.destination}</td>
                    <td className="small">{r.request.length > 90 ? `${r.request.slice(0, 89)}…` : r.request}</td>
                    <td className="small">
                      {verdictText(r.verdict, null)}
                      <span className="muted"> (plan {r.leftPlan} was on your left)</span>
                      <details>
                        <summary>Your rationale</summary>
                        {r.rationale}
                      </details>
                    </td>
                    <td data-testid="rejection-reason">{r.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
        {/* Correcting needs good standing (lib/accounts/permissions.ts mayCorrect): the list is for active experts. */}
        {me?.standing === "ACTIVE" && judged.length > 0 && (
          <section className="card">
            <h2>Pairs you judged last</h2>
            <p className="muted small">
              Saw how to fix a plan? Correct it here as after the verdict: your correction is judged blind by other
              experts of the destination.
            </p>
            <table className="table" aria-label="Pairs you judged last">
              <thead>
                <tr>
                  <th>Judged</th>
                  <th>Destination</th>
                  <th>Request</th>
                  <th>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {judged.map((j) => (
                  <tr key={j.pairId}>
                    <td className="nowrap">{j.at.toISOString().slice(0, 16).replace("T", " ")} UTC</td>
                    <td>{j.destination}</td>
                    <td className="small">{j.request.length > 90 ? `${j.request.slice(0, 89)}…` : j.request}</td>
                    <td className="nowrap">
                      <CorrectLinks pairId={j.pairId} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </main>
    </>
  );
}
