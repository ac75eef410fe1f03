"use client";
/** What the last import did: the problems that stopped it (nothing was imported), or what it imported. */
import type { DatasetCounts } from "@/lib/datasets/browser";
import type { ImportOutcome } from "@/lib/platform/browser";
import { useTranslations } from "next-intl";
import { useFormat } from "../../format";

/** The counts shown, in order; their labels are the messages `Import.summary.counts.<key>`. */
const COUNT_KEYS: (keyof DatasetCounts)[] = [
  "destinations",
  "pois",
  "queries",
  "plans",
  "pairs",
  "unresolvedPlaces",
  "infeasiblePlans",
];

export function ImportProblems({ outcome }: { outcome: Extract<ImportOutcome, { ok: false }> }) {
  const t = useTranslations("Import.problems");
  const { count } = useFormat();
  return (
    <section className="card problems" data-testid="import-problems">
      <h2>{t("title")}</h2>
      <p className="error">{outcome.message}</p>
      {outcome.problems.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              <th>{t("file")}</th>
              <th className="num">{t("record")}</th>
              <th>{t("where")}</th>
              <th>{t("problem")}</th>
            </tr>
          </thead>
          <tbody>
            {outcome.problems.map((p, i) => (
              <tr key={i}>
                <td>{p.file}</td>
                <td className="num">{p.record ?? "—"}</td>
                <td>
                  <code>{p.path}</code>
                </td>
                <td>{p.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {outcome.truncated && (
        <p className="muted">
          {t("truncated", {
            shown: String(outcome.problems.length),
            more: outcome.more ? t("more", { count: count(outcome.more) }) : "",
          })}
        </p>
      )}
    </section>
  );
}

export function ImportSummary({ outcome }: { outcome: Extract<ImportOutcome, { ok: true }> }) {
  const t = useTranslations("Import.summary");
  const { count } = useFormat();
  const a = outcome.added;
  return (
    <section className="card" data-testid="import-summary">
      <h2>
        {outcome.added
          ? t("added", { name: outcome.name })
          : outcome.created
            ? t("imported", { name: outcome.name })
            : t("unchanged", { name: outcome.name })}
      </h2>
      {a && (
        <p data-testid="import-added">
          {t("addedText", {
            matched: count(a.matched),
            requests: a.requests,
            plans: a.plans,
            known: a.plansKnown ? t("known", { count: a.plansKnown }) : "",
            pairs: a.pairs,
            totalPlans: a.totals.plans,
            totalPairs: a.totals.pairs,
          })}
        </p>
      )}
      {outcome.note && (
        <p className="notice" role="status" data-testid="import-note">
          {outcome.note}
        </p>
      )}
      <dl className="counts">
        {COUNT_KEYS.map((k) => (
          <div key={k}>
            <dt>{t(`counts.${k}`)}</dt>
            <dd data-testid={`count-${k}`}>{outcome.counts[k] ?? 0}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
