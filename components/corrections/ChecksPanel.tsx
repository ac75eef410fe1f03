"use client";
/** The live checks: reward before → after, the sub-scores, and every check as a regression, a fix or unchanged. */
import { useTranslations } from "next-intl";
import type { CheckDiff, LiveCheck } from "@/lib/corrections/browser";
import { useCheckText } from "./checkText";
import type { LiveState } from "./useLiveChecks";

const num = (v: number | null) => (v === null ? "—" : v.toFixed(2));
/** A sub-score's name as the features name it (the gates have words of their own: Checks.scoreLabels). */
const label = (name: string) =>
  name
    .replace(/_/g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase();

function Delta({ before, after }: { before: number; after: number }) {
  const d = after - before;
  if (Math.abs(d) < 1e-9) return <span className="muted">±0</span>;
  return <span className={d > 0 ? "ok" : "error"}>{`${d > 0 ? "+" : "−"}${Math.abs(d).toFixed(2)}`}</span>;
}

function CheckList({ items, tone, testId }: { items: CheckDiff[]; tone: string; testId: string }) {
  const t = useTranslations("Checks");
  const text = useCheckText();
  return (
    <ul className={`check-list ${tone}`} data-testid={testId}>
      {items.map((c) => (
        <li key={c.id}>
          <span className="badge">{t(`groups.${c.group}`)}</span> {text(c)}
        </li>
      ))}
    </ul>
  );
}

export function ChecksPanel({
  live,
  edited,
  constraints,
}: {
  live: LiveState;
  edited: boolean;
  /** Whether the request has final DSL constraints (none: they are not among the checks, and the panel says so). */
  constraints: boolean;
}) {
  const t = useTranslations("Checks");
  const c: LiveCheck | null = live.check;
  if (!c)
    return (
      <section className="checks" aria-label={t("region")}>
        <h2>{t("region")}</h2>
        <p className="muted small">{live.error ?? t("running")}</p>
      </section>
    );
  return (
    <section className="checks" aria-label={t("region")} aria-busy={live.pending} data-pending={live.pending}>
      <h2>
        {t("region")}{" "}
        {live.pending ? (
          <span className="muted small">{t("updating")}</span>
        ) : (
          live.latencyMs !== null && <span className="muted small">{Math.round(live.latencyMs)} ms</span>
        )}
      </h2>
      {live.error && <p className="error small">{live.error}</p>}
      <p className="reward" data-testid="reward">
        {t("reward")} <strong>{c.reward.before.toFixed(3)}</strong> → <strong>{c.reward.after.toFixed(3)}</strong>{" "}
        <Delta before={c.reward.before} after={c.reward.after} />
      </p>
      <div className="check-counts">
        <span className={c.regressions.length ? "count bad" : "count"}>
          {t("brokenCount", { count: c.regressions.length })}
        </span>
        <span className={c.fixed.length ? "count good" : "count"}>{t("fixedCount", { count: c.fixed.length })}</span>
        <span className="count">{t("stillFailingCount", { count: c.unchanged.filter((u) => !u.after).length })}</span>
      </div>
      {c.regressions.length > 0 && (
        <>
          <h3 className="error">{t("broken")}</h3>
          <CheckList items={c.regressions} tone="bad" testId="regressions" />
        </>
      )}
      {c.fixed.length > 0 && (
        <>
          <h3 className="ok">{t("fixedTitle")}</h3>
          <CheckList items={c.fixed} tone="good" testId="fixed" />
        </>
      )}
      {!edited && c.fixed.length === 0 && c.regressions.length === 0 && <p className="muted small">{t("editFirst")}</p>}
      {!constraints && (
        <p className="muted small" data-testid="no-final-constraints">
          {t("noFinal")}
        </p>
      )}
      <details className="check-more">
        <summary>{t("unchanged", { count: c.unchanged.length })}</summary>
        <CheckList items={c.unchanged} tone="same" testId="unchanged" />
      </details>
      <details className="check-more">
        <summary>{t("subScores")}</summary>
        <table className="table scores">
          <thead>
            <tr>
              <th>{t("score")}</th>
              <th className="num">{t("before")}</th>
              <th className="num">{t("after")}</th>
            </tr>
          </thead>
          <tbody>
            {c.scores.map((s) => (
              <tr key={s.name} className={s.before !== s.after ? "changed" : ""}>
                <td>{t.has(`scoreLabels.${s.name}`) ? t(`scoreLabels.${s.name}`) : label(s.name)}</td>
                <td className="num">{num(s.before)}</td>
                <td className="num">{num(s.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
