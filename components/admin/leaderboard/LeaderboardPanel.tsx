"use client";
/**
 * The leaderboard page: its filters (the overall verdict or one dimension's, and a judge to compare with), then one
 * section each for ratings (experts only beside experts + the judge when one is chosen), the judgments still needed,
 * style control and the win table, and the Ordering Score against verified corrections where there are some.
 */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorText } from "../../i18n";
import { KEYS } from "../../keys";
import { FiguresAge } from "../FiguresAge";
import { FiguresProgress } from "../FiguresProgress";
import { NeededSection } from "./NeededSection";
import { useLeaderboard, useLeaderboardJudges } from "../queries";
import { ScopeSelects } from "../ScopeSelects";
import { OrderingSection } from "./OrderingSection";
import { RatingsSection } from "./RatingsSection";
import { StyleSection } from "./StyleSection";
import { WinTableSection } from "./WinTableSection";

export function LeaderboardPanel() {
  const t = useTranslations("Leaderboard.filters");
  const errorText = useErrorText();
  const [f, setF] = useState({
    dataset: "",
    destination: "",
    days: "",
    gates: "0",
    dimension: "",
    style: "0",
    bootstrap: "1000",
    seed: "1",
    judge: "",
    intervals: "sandwich",
  });
  // The comparison's intervals only mean something with a judge: without one they would only split the cache.
  const q = useLeaderboard({ ...f, intervals: f.judge ? f.intervals : "" });
  const set = (patch: Partial<typeof f>) => setF((old) => ({ ...old, ...patch }));
  // Judges are listed for the scope: a change of scope (or a dimension: a judge's verdicts are overall) drops the judge.
  const rescope = (patch: Partial<typeof f>) => set({ ...patch, judge: "" });
  const data = q.data;
  const judges = useLeaderboardJudges({ dataset: f.dataset, destination: f.destination, days: f.days, gates: f.gates });
  const r = data?.report;
  const scope = {
    dataset: f.dataset,
    destination: f.destination,
    days: f.days,
    gates: f.gates,
    dimension: f.dimension,
  };
  return (
    <div className="stack">
      <section className="card">
        <div className="inline-form" role="group" aria-label={t("label")}>
          <ScopeSelects dataset={f.dataset} destination={f.destination} onChange={rescope} />
          <label>
            {t("tripLength")}
            <select value={f.days} onChange={(e) => rescope({ days: e.target.value })}>
              <option value="">{t("all")}</option>
              {data?.tripLengths.map((d) => (
                <option key={d} value={d}>
                  {t("days", { count: d })}
                </option>
              ))}
            </select>
          </label>
          {!!data?.dimensions.length && (
            <label>
              {t("verdict")}
              <select value={f.dimension} onChange={(e) => rescope({ dimension: e.target.value })}>
                <option value="">{t("overall")}</option>
                {data.dimensions.map((d) => (
                  <option key={d.key} value={d.key}>
                    {t("dimension", { name: d.name })}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label className="checkbox">
            <input
              type="checkbox"
              checked={f.gates === "1"}
              onChange={(e) => rescope({ gates: e.target.checked ? "1" : "0" })}
            />{" "}
            {t("gates")}
          </label>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={f.style === "1"}
              onChange={(e) => set({ style: e.target.checked ? "1" : "0" })}
            />{" "}
            {t("style")}
          </label>
          <label title={t("judgeTitle")}>
            {t("judge")}
            <select value={f.judge} disabled={!!f.dimension} onChange={(e) => set({ judge: e.target.value })}>
              <option value="">{t("none")}</option>
              {judges.data?.judges.map((j) => (
                <option key={j} value={j}>
                  {j}
                </option>
              ))}
            </select>
          </label>
          {f.judge && (
            <label>
              {t("intervals")}
              <select value={f.intervals} onChange={(e) => set({ intervals: e.target.value })}>
                <option value="sandwich">{t("sandwich")}</option>
                <option value="bootstrap">{t("bootstrap")}</option>
              </select>
            </label>
          )}
          <label>
            {t("bootstrap")}
            <select value={f.bootstrap} onChange={(e) => set({ bootstrap: e.target.value })}>
              {["200", "1000", "2000"].map((b) => (
                <option key={b} value={b}>
                  {t("replicates", { n: b })}
                </option>
              ))}
            </select>
          </label>
        </div>
        {q.isFetching ? (
          <FiguresProgress page="leaderboard" />
        ) : (
          <FiguresAge computedAt={data?.computedAt} updating={data?.updating} queryKey={KEYS.leaderboard} />
        )}
        {q.error && (
          <p className="error" role="alert">
            {errorText(q.error)}
          </p>
        )}
      </section>
      {data && !r && <p className="notice">{t("empty")}</p>}
      {r && (
        <>
          <RatingsSection data={data} r={r} />
          {r.style && <StyleSection style={r.style} models={r.models} />}
          <WinTableSection r={r} signed={data.signedPreference} />
        </>
      )}
      {data && <NeededSection filters={{ ...scope, bootstrap: f.bootstrap, seed: f.seed }} judge={Boolean(f.judge)} />}
      <OrderingSection dataset={f.dataset} />
    </div>
  );
}
