/** The pair's history, oldest first: one line per event of lib/review/history.ts (a new kind needs one case here). */
import { useTranslations } from "next-intl";
import { PAIR_ROWS_CAP, type HistoryEvent, type PairDetail } from "@/lib/review/browser";
import { fixed, useFormat } from "../../format";
import { useWords, type Words } from "./words";

type T = ReturnType<typeof useTranslations<"Pairs.history">>;

function sentence(t: T, w: Words, d: PairDetail, e: HistoryEvent): string {
  const name = w.person;
  switch (e.kind) {
    case "created":
      return t(d.pair.verifies ? "createdVerifies" : "created");
    case "claimed":
      return t("claimed", { who: name(e.who), slot: e.slot, plan: e.leftPlan });
    case "submitted":
      return t("submitted", { who: name(e.who), slot: e.slot, verdict: e.verdict ? w.verdict(e.verdict) : "—" });
    case "skipped":
      return e.reason
        ? t("skippedWhy", { who: name(e.who), slot: e.slot, reason: e.reason })
        : t("skipped", { who: name(e.who), slot: e.slot });
    case "expired":
      return t("expired", { who: name(e.who), slot: e.slot });
    case "released":
      return e.by
        ? t("releasedBy", { who: name(e.who), slot: e.slot, by: name(e.by) })
        : t("released", { who: name(e.who), slot: e.slot });
    case "reassigned":
      return t("reassigned", { by: name(e.by), who: name(e.who), slot: e.slot, to: name(e.to) });
    case "judgments-removed":
      return t("judgmentsRemoved", { by: name(e.by), who: name(e.who), slot: e.slot });
    case "ended":
      // A status this page does not know yet: said as the database has it.
      return t("ended", { who: name(e.who), slot: e.slot, status: e.status.toLowerCase() });
    case "extra-rater":
      return t("extraRater", { by: name(e.by) });
    case "adjudicated": {
      const label = e.label ? w.verdict(e.label) : "—";
      return e.note
        ? t("adjudicatedNote", { by: name(e.by), label, note: e.note })
        : t("adjudicated", { by: name(e.by), label });
    }
    case "promoted-to-gold":
      return t("promoted", { by: name(e.by) });
    case "judge-decided":
      return t(e.audit ? "judgeDecidedAudit" : "judgeDecided", {
        judge: e.judge,
        verdict: w.verdict(e.verdict),
        confidence: fixed(e.confidence),
        threshold: fixed(e.threshold),
      });
    case "judge-verdicts":
      return t("judgeVerdicts", { judges: e.judges.join(", "), name: e.name });
    case "corrected":
      return t("corrected", { who: name(e.who), plan: e.plan });
    case "reviewed": {
      const whose =
        e.slot !== null ? t("whoseSlot", { who: name(e.who), slot: e.slot }) : t("whose", { who: name(e.who) });
      if (e.action === "accept") return t("accepted", { by: name(e.by), whose });
      return t(e.action === "reject" ? "rejected" : "commented", { by: name(e.by), whose, text: e.text ?? "" });
    }
  }
}

export function HistoryList({ d }: { d: PairDetail }) {
  const t = useTranslations("Pairs.history");
  const w = useWords(d);
  const f = useFormat();
  return (
    <section className="card" aria-labelledby="pair-history-title">
      <h2 id="pair-history-title">{t("title")}</h2>
      {d.historyCut && <p className="notice small">{t("cut", { cap: String(PAIR_ROWS_CAP) })}</p>}
      <ol className="pair-history" data-testid="pair-history">
        {d.history.map((e, i) => (
          <li key={i} data-kind={e.kind}>
            <time dateTime={e.at} className="muted small">
              {f.dateTimeSeconds(e.at)}
            </time>
            <span>{sentence(t, w, d, e)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
