"use client";
/**
 * A pair's page (/admin/pairs/<id>): its request, label, the two plans as the judging screen draws them, every
 * judgment with its review actions, the rejected judgments, the automatic judges and the history. Experts are
 * pseudonyms unless an admin asks for names (`?names=1`, a link here), which the server records.
 */
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { PairDetail } from "@/lib/review/browser";
import { RequestPanel } from "../../judge/RequestPanel";
import type { Tiles } from "../../judge/PlanMap";
import { ApiError } from "../../api";
import { useFormat } from "../../format";
import { useErrorText } from "../../i18n";
import { HistoryList } from "./HistoryList";
import { JudgesPanel } from "./JudgesPanel";
import { Judgments } from "./Judgments";
import { LabelPanel } from "./LabelPanel";
import { PairPlans } from "./PairPlans";
import { usePairDetail } from "./queries";
import { useWords } from "./words";

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
  const t = useTranslations("Pairs.page");
  const errorText = useErrorText();
  const q = usePairDetail(id, names);
  if (q.isPending) return <p className="muted">{t("reading")}</p>;
  if (q.isError) {
    const gold =
      q.error instanceof ApiError ? (q.error.body.goldPair as { sourcePairId?: string } | undefined) : undefined;
    return (
      <>
        <h1>{t("title", { id })}</h1>
        <p role="alert" className="error" data-testid="pair-error">
          {errorText(q.error)}
        </p>
        {gold?.sourcePairId && <Link href={`/admin/pairs/${gold.sourcePairId}`}>{t("madeFrom")}</Link>}
        {gold && <Link href="/admin/quality">{t("quality")}</Link>}
      </>
    );
  }
  return <PairView d={q.data} mayName={mayName} tiles={tiles} />;
}

/** The pair once read (its words need the pair's people: useWords). */
function PairView({ d, mayName, tiles }: { d: PairDetail; mayName: boolean; tiles: Tiles | null }) {
  const t = useTranslations("Pairs.page");
  const stages = useTranslations("Dsl.stages");
  const f = useFormat();
  const w = useWords(d);
  const named = d.names;
  const stage = d.query.dslStage;
  return (
    <div className="pair-page" data-pair={d.pair.id}>
      <div className="section-head">
        <div>
          <h1>{t.rich("heading", { id: d.pair.id, code: (c) => <code className="pair-id">{c}</code> })}</h1>
          <p className="muted">
            {d.query.destination.name} · {d.dataset.name} ·{" "}
            <span className={`badge${d.pair.status === "OPEN" ? "" : " status-done"}`}>
              {t(`status.${d.pair.status}`)}
            </span>{" "}
            {t("judgments", { submitted: d.pair.submitted, required: d.pair.requiredRaters })}
            {d.pair.claimed > 0 && t("claimed", { count: d.pair.claimed })}
            {t("since", { date: f.dateTime(d.pair.createdAt) })}
            {d.pair.calibration && t("calibration")}
            {d.pair.escalationCalibration && t("escalation")}
            {d.pair.goldPairId && t("promoted", { id: d.pair.goldPairId })}
            {d.pair.verifies && t("verifies", { who: w.person(d.pair.verifies.by) })}
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
            {t(named ? "hideNames" : "showNames")}
          </Link>
        )}
      </div>
      <p id="names-note" className="muted small">
        {t(named ? "named" : mayName ? "pseudonymsMayName" : "pseudonyms")}
      </p>
      <section className="card" aria-labelledby="pair-request-title">
        <h2 id="pair-request-title">
          {t("request")} <span className="muted small">{d.query.sourceId}</span>
        </h2>
        <RequestPanel query={d.query} />
        <p className="small">
          <a href={`/queries/${d.query.id}/constraints`} target="_blank" rel="noopener">
            {t("constraints")}
          </a>{" "}
          <span className="muted">
            {stage
              ? t("latest", { stage: stages.has(stage) ? stages(stage) : stage.toLowerCase() })
              : t("noConstraints")}
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
