/** The pair's history, oldest first: one line per event of lib/review/history.ts (a new kind needs one case here). */
import { PAIR_ROWS_CAP, type HistoryEvent, type PairDetail } from "@/lib/review/browser";
import { dateTimeSeconds, fixed } from "../../format";
import { VERDICT_WORD, personName } from "./words";

function sentence(d: PairDetail, e: HistoryEvent): string {
  const name = (k: string | null) => personName(d, k);
  switch (e.kind) {
    case "created":
      return d.pair.verifies ? "Made to verify a correction" : "Imported";
    case "claimed":
      return `${name(e.who)} claimed slot ${e.slot}, plan ${e.leftPlan} on the left`;
    case "submitted":
      return `${name(e.who)} judged slot ${e.slot}: ${e.verdict ? VERDICT_WORD[e.verdict] : "—"}`;
    case "skipped":
      return `${name(e.who)} skipped slot ${e.slot}${e.reason ? `: “${e.reason}”` : ""}`;
    case "expired":
      return `${name(e.who)}'s claim on slot ${e.slot} expired`;
    case "released":
      return `${name(e.who)}'s claim on slot ${e.slot} was released${e.by ? ` by ${name(e.by)}` : ""}`;
    case "reassigned":
      return `${name(e.by)} gave ${name(e.who)}'s slot ${e.slot} to ${name(e.to)}`;
    case "judgments-removed":
      return `${name(e.by)} removed every judgment of ${name(e.who)} (slot ${e.slot} reopened)`;
    case "ended":
      return `${name(e.who)}'s slot ${e.slot} became ${e.status.toLowerCase()}`;
    case "extra-rater":
      return `${name(e.by)} asked one more expert`;
    case "adjudicated":
      return `${name(e.by)} adjudicated: ${e.label ? VERDICT_WORD[e.label] : "—"}${e.note ? ` (“${e.note}”)` : ""}`;
    case "promoted-to-gold":
      return `${name(e.by)} made it a gold pair`;
    case "judge-decided":
      return `The judge ${e.judge} decided ${VERDICT_WORD[e.verdict]} (confidence ${fixed(e.confidence)} ≥ ${fixed(e.threshold)})${e.audit ? ", an audit pair: it stays with the experts" : ""}`;
    case "judge-verdicts":
      return `Verdicts of ${e.judges.join(", ")} uploaded (${e.name})`;
    case "corrected":
      return `${name(e.who)} corrected plan ${e.plan}`;
    case "reviewed": {
      const whose = `${name(e.who)}'s judgment${e.slot !== null ? ` (slot ${e.slot})` : ""}`;
      if (e.action === "accept") return `${name(e.by)} accepted ${whose}`;
      if (e.action === "reject") return `${name(e.by)} rejected ${whose}: “${e.text ?? ""}”`;
      return `${name(e.by)} commented on ${whose}: “${e.text ?? ""}”`;
    }
  }
}

export function HistoryList({ d }: { d: PairDetail }) {
  return (
    <section className="card" aria-labelledby="pair-history-title">
      <h2 id="pair-history-title">History</h2>
      {d.historyCut && (
        <p className="notice small">
          This pair has more history than the page reads: the first {PAIR_ROWS_CAP} of each kind are shown.
        </p>
      )}
      <ol className="pair-history" data-testid="pair-history">
        {d.history.map((e, i) => (
          <li key={i} data-kind={e.kind}>
            <time dateTime={e.at} className="muted small">
              {dateTimeSeconds(e.at)}
            </time>
            <span>{sentence(d, e)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
