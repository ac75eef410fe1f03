"use client";
/** Pairs whose raters split 1-1-1, a page at a time: label one, or ask one more expert. */
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useFormat } from "../../format";
import { useErrorText } from "../../i18n";
import { useAdjudicate } from "../mutations";
import { useAdjudicationPage } from "../queries";

const SPLITS_PER_PAGE = 20;

export function AdjudicationSection() {
  // The queue comes a page at a time; `pages` holds the cursor of each page opened so far.
  const [pages, setPages] = useState<(string | null)[]>([null]);
  const cursor = pages[pages.length - 1];
  const splits = useAdjudicationPage(cursor, SPLITS_PER_PAGE);
  const decide = useAdjudicate();
  const t = useTranslations("Analytics.adjudication");
  const errorText = useErrorText();
  const { count } = useFormat();
  return (
    <section className="card" data-testid="adjudication">
      <h2>{t("title")}</h2>
      {decide.isError && (
        <p role="alert" className="error">
          {errorText(decide.error)}
        </p>
      )}
      {splits.data && splits.data.total > 0 && (
        <p className="muted" data-testid="adjudication-count">
          {t("waiting", {
            count: splits.data.total,
            total: count(splits.data.total),
            from: count((pages.length - 1) * SPLITS_PER_PAGE + 1),
            to: count((pages.length - 1) * SPLITS_PER_PAGE + splits.data.pairs.length),
          })}
        </p>
      )}
      {!splits.data?.pairs.length ? (
        <p className="muted">{pages.length > 1 ? t("emptyPage") : t("none")}</p>
      ) : (
        splits.data.pairs.map((p) => (
          <article key={p.pairId} className="split" data-pair={p.pairId}>
            <p>
              <strong>{p.destination}</strong> · <span className="muted">{p.request}</span>
            </p>
            <ul>
              {p.judgments.map((j, i) => (
                <li key={i}>
                  <strong>{j.verdict === "NEITHER" ? t("neither") : j.verdict}</strong> — {j.expert}: {j.rationale}
                </li>
              ))}
            </ul>
            <div className="actions">
              {(["A", "B", "NEITHER"] as const).map((label) => (
                <button
                  key={label}
                  className="btn small"
                  onClick={() => decide.mutate({ pairId: p.pairId, decision: { action: "decide", label } })}
                >
                  {t("label", { label: label === "NEITHER" ? t("neither") : label })}
                </button>
              ))}
              <button
                className="btn small"
                onClick={() => decide.mutate({ pairId: p.pairId, decision: { action: "extra-rater" } })}
              >
                {t("extra")}
              </button>
              <Link className="btn small" href={`/admin/pairs/${encodeURIComponent(p.pairId)}`}>
                {t("open")}
              </Link>
            </div>
          </article>
        ))
      )}
      {(pages.length > 1 || splits.data?.next) && (
        <div className="actions">
          <button className="btn small" disabled={pages.length === 1} onClick={() => setPages((p) => p.slice(0, -1))}>
            {t("previous")}
          </button>
          <button
            className="btn small"
            disabled={!splits.data?.next}
            onClick={() => splits.data?.next && setPages((p) => [...p, splits.data!.next])}
          >
            {t("next")}
          </button>
        </div>
      )}
    </section>
  );
}
