"use client";
/**
 * A pair's page (/admin/pairs/<id>): its request, label, the two plans as the judging screen draws them, every
 * judgment with its review actions, the rejected judgments, the automatic judges and the history. Experts are
 * pseudonyms unless an admin asks for names (`?names=1`, a link here), which the server records.
 */
import Link from "next/link";
import { RequestPanel } from "../../judge/RequestPanel";
import type { Tiles } from "../../judge/PlanMap";
import { ApiError } from "../../api";
import { dateTime } from "../../format";
import { HistoryList } from "./HistoryList";
import { JudgesPanel } from "./JudgesPanel";
import { Judgments } from "./Judgments";
import { LabelPanel } from "./LabelPanel";
import { PairPlans } from "./PairPlans";
import { usePairDetail } from "./queries";
import { personName } from "./words";

const STATUS_WORD = { OPEN: "open", COMPLETE: "complete", DECIDED: "decided by a judge" } as const;

export function PairPage({
  id,
  names,
  mayName,
  tiles,
}: {
  id: string;
  names: string | null;
  /** An admin: may show the experts' names (reviewers read pseudonyms). */
  mayName: boolean;
  tiles: Tiles | null;
}) {
  const q = usePairDetail(id, names);
  if (q.isPending) return <p className="muted">Reading the pair…</p>;
  if (q.isError) {
    const gold =
      q.error instanceof ApiError ? (q.error.body.goldPair as { sourcePairId?: string } | undefined) : undefined;
    return (
      <>
        <h1>Pair {id}</h1>
        <p role="alert" className="error" data-testid="pair-error">
          {q.error.message}
        </p>
        {gold?.sourcePairId && <Link href={`/admin/pairs/${gold.sourcePairId}`}>Open the pair it was made from</Link>}
        {gold && <Link href="/admin/quality">The Quality page</Link>}
      </>
    );
  }
  const d = q.data;
  const named = d.names;
  return (
    <div className="pair-page" data-pair={d.pair.id}>
      <div className="section-head">
        <div>
          <h1>
            Pair <code className="pair-id">{d.pair.id}</code>
          </h1>
          <p className="muted">
            {d.query.destination.name} · {d.dataset.name} ·{" "}
            <span className={`badge${d.pair.status === "OPEN" ? "" : " status-done"}`}>
              {STATUS_WORD[d.pair.status]}
            </span>{" "}
            · {d.pair.submitted} of {d.pair.requiredRaters} judgments
            {d.pair.claimed > 0 && `, ${d.pair.claimed} claimed`} · since {dateTime(d.pair.createdAt)}
            {d.pair.calibration && " · adaptive raters' calibration share"}
            {d.pair.escalationCalibration && " · escalation's calibration sample"}
            {d.pair.goldPairId && ` · promoted to gold pair ${d.pair.goldPairId}`}
            {d.pair.verifies && ` · verifies a correction by ${personName(d, d.pair.verifies.by)}`}
          </p>
        </div>
        {mayName && (
          <Link
            className="btn"
            href={
              named
                ? `/admin/pairs/${encodeURIComponent(d.pair.id)}`
                : `/admin/pairs/${encodeURIComponent(d.pair.id)}?names=1`
            }
            aria-describedby="names-note"
            replace
          >
            {named ? "Hide experts' names" : "Show experts' names"}
          </Link>
        )}
      </div>
      <p id="names-note" className="muted small">
        {named
          ? "Experts are shown by name and address; this reading is recorded."
          : mayName
            ? "Experts are shown by the pseudonyms the exports give them; showing their names is recorded."
            : "Experts are shown by the pseudonyms the exports give them."}
      </p>
      <section className="card" aria-labelledby="pair-request-title">
        <h2 id="pair-request-title">
          The request <span className="muted small">{d.query.sourceId}</span>
        </h2>
        <RequestPanel query={d.query} />
        <p className="small">
          <a href={`/queries/${d.query.id}/constraints`} target="_blank" rel="noopener">
            Its constraints, evaluated on every plan of the request ↗
          </a>{" "}
          <span className="muted">
            {d.query.dslStage ? `(latest version: ${d.query.dslStage.toLowerCase()})` : "(none written yet)"}
          </span>
        </p>
      </section>
      <LabelPanel d={d} />
      <div className="pair-body">
        <PairPlans d={d} tiles={tiles} />
        <Judgments d={d} />
      </div>
      <JudgesPanel d={d} />
      <HistoryList d={d} />
    </div>
  );
}
