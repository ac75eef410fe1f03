"use client";
/**
 * Humans against the reward, dimension by dimension: for each dimension of a dataset, the experts' majority on each
 * complete pair against the difference of the two plans' part of the reward for that dimension (accuracy with ties
 * left out, Kendall's τ-b, both with intervals over requests), the pairs where they disagree most; and which
 * dimensions drive the overall verdict (a logistic regression with bootstrap intervals).
 */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { KEYS } from "../../keys";
import { fixed, useFormat } from "../../format";
import { FiguresAge } from "../FiguresAge";
import { useDimensions } from "../queries";

type Ci = { lo: number; hi: number } | null;
const interval = (ci: Ci, f: (v: number) => string) =>
  ci && (
    <span className="muted small">
      {" "}
      [{f(ci.lo)}, {f(ci.hi)}]
    </span>
  );

export function DimensionsSection() {
  const t = useTranslations("Weights.dimensions");
  const { count, pct } = useFormat();
  const [dataset, setDataset] = useState("");
  const q = useDimensions(dataset);
  const d = q.data;
  if (!d || (!d.report && !d.datasets.length)) return null;
  const r = d.report;
  const nameOf = (key: string) => r?.dimensions.find((x) => x.key === key)?.name ?? key;
  return (
    <section className="card" data-testid="dimensions-vs-reward">
      <h2>{t("title")}</h2>
      <FiguresAge computedAt={d.computedAt} updating={d.updating} queryKey={KEYS.dimensions} />
      <label className="small">
        {t("dataset")}{" "}
        <select value={dataset || r?.dataset.id || ""} onChange={(e) => setDataset(e.target.value)}>
          {d.datasets.map((x) => (
            <option key={x.id} value={x.id}>
              {x.name}
            </option>
          ))}
        </select>
      </label>
      {r && (
        <>
          <p className="muted small">{t("intro", { pairs: count(r.pairs) })}</p>
          <table className="table" aria-label={t("tableLabel")}>
            <thead>
              <tr>
                <th>{t("dimension")}</th>
                <th className="num">{t("compared")}</th>
                <th className="num">{t("accuracy")}</th>
                <th className="num">Kendall&apos;s τ-b</th>
                <th className="num" title={t("leftOutTitle")}>
                  {t("leftOut")}
                </th>
                <th>{t("disagreeing")}</th>
              </tr>
            </thead>
            <tbody>
              {r.humansVsReward.map((h) => (
                <tr key={h.key} data-dimension={h.key}>
                  <td>{nameOf(h.key)}</td>
                  <td className="num">{count(h.compared)}</td>
                  <td className="num">
                    {pct(h.accuracy, 1)}
                    {interval(h.accuracyCi95, (v) => pct(v, 1))}
                    <span className="muted small"> {t("of", { n: count(h.accuracyPairs) })}</span>
                  </td>
                  <td className="num">
                    {fixed(h.kendallTau)}
                    {interval(h.kendallTauCi95, (v) => fixed(v))}
                  </td>
                  <td className="num small">
                    {h.notApplicable} · {h.noMajority} · {h.sameMajority} · {h.zeroDifference}
                  </td>
                  <td className="small">
                    {h.disagreements.slice(0, 3).map((x) => (
                      <a
                        key={x.pairId}
                        href={`/queries/${x.queryId}/constraints`}
                        title={t("pairTitle", {
                          pair: x.pairId,
                          majority: x.majority,
                          side: x.difference > 0 ? "A" : "B",
                          by: fixed(Math.abs(x.difference)),
                        })}
                      >
                        {t("vs", { majority: x.majority, difference: fixed(x.difference, 2) })}{" "}
                      </a>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3>{t("driversTitle")}</h3>
          {r.drivers.ok ? (
            <table className="table" aria-label={t("driversLabel")}>
              <thead>
                <tr>
                  <th>{t("dimension")}</th>
                  <th className="num">{t("coefficient")}</th>
                  <th className="num">{t("se")}</th>
                </tr>
              </thead>
              <tbody>
                {r.drivers.dimensions.map((c) => (
                  <tr key={c.key ?? "intercept"}>
                    <td>{nameOf(c.key ?? "")}</td>
                    <td className="num">
                      {fixed(c.estimate)}
                      {interval(c.ci95 && { lo: c.ci95[0], hi: c.ci95[1] }, (v) => fixed(v))}
                    </td>
                    <td className="num">{fixed(c.se)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="notice small">{r.drivers.message}</p>
          )}
          {r.drivers.ok && (
            <p className="muted small">
              {t("driversNote", {
                judgments: count(r.drivers.judgments),
                neither: count(r.drivers.neither),
                requests: count(r.drivers.requests),
                replicates: String(r.drivers.replicatesUsed),
              })}
            </p>
          )}
        </>
      )}
    </section>
  );
}
