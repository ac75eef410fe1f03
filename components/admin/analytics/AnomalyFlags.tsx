"use client";
/** The analytics page's anomaly flags: each flagged expert with every flag's own explanation (from the quality report). */
import Link from "next/link";
import { useQuality } from "../queries";

export function AnomalyFlags() {
  const q = useQuality();
  if (!q.data) return null;
  const flagged = q.data.experts.filter((e) => e.flags.length > 0);
  return (
    <section className="card" aria-label="Anomaly flags">
      <h2>Anomaly flags</h2>
      <p className="muted small">
        Left-side bias (binomial test against ½, p &lt; 0.01), time on task under a third of the other experts&apos;
        median, runs of one verdict improbable under the expert&apos;s own mix (p &lt; 0.001), agreement with peers at
        least 20 points below the others&apos; median (one-sided binomial, p &lt; 0.001), and the gold pause test. Gold
        pairs are not in any other figure of this page.
      </p>
      {flagged.length === 0 ? (
        <p data-testid="no-flags">No expert is flagged.</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th>Expert</th>
              <th>Flags</th>
            </tr>
          </thead>
          <tbody>
            {flagged.map((e) => (
              <tr key={e.userId} data-testid={`flags-${e.email}`}>
                <td>{e.name}</td>
                <td>
                  <ul className="flag-list">
                    {e.flags.map((f) => (
                      <li key={f.kind}>
                        <strong>{f.kind.replace("_", " ")}</strong>: {f.message}
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="small">
        <Link href="/admin/quality">Quality control of experts →</Link>
      </p>
    </section>
  );
}
