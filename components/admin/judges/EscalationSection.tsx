"use client";
/**
 * Guaranteed escalation on one dataset (docs/escalation.md): judges that decide pairs for the experts where they
 * are sure enough, with a promise on their agreement with the experts' majority. The settings, the calibration's
 * progress, and per judge its threshold, coverage, audit agreement and the expert judgments it saved.
 */
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { EscalationAnswer } from "@/lib/platform/browser";
import {
  ALPHA_MAX,
  coverage,
  DELTA_MAX,
  MIN_ITEMS_AT_THRESHOLD,
  thresholdCase,
} from "@/lib/results/escalation/browser";
import { ApiError } from "../../api";
import { useFormat } from "../../format";
import { useErrorText } from "../../i18n";
import { useSetEscalation } from "../mutations";
import { useEscalation } from "../queries";

const DEFAULTS = { alpha: 0.1, delta: 0.1, calibrationPairs: 200, auditShare: 0.05 };

export function EscalationSection({ dataset }: { dataset: string }) {
  const t = useTranslations("Judges.escalation");
  const errorText = useErrorText();
  const q = useEscalation(dataset);
  if (!dataset)
    return (
      <section className="card">
        <h2>{t("title")}</h2>
        <p className="muted small">{t("choose")}</p>
      </section>
    );
  return (
    <section className="card" aria-labelledby="escalation-title">
      <h2 id="escalation-title">{t("title")}</h2>
      <p className="muted small">{t("intro")}</p>
      {q.error && (
        <p className="error" role="alert">
          {errorText(q.error)}
        </p>
      )}
      {q.data && <EscalationForm key={`${dataset}:${JSON.stringify(q.data.settings)}`} dataset={dataset} d={q.data} />}
      {q.data?.settings && <EscalationStatus d={q.data} />}
    </section>
  );
}

function EscalationForm({ dataset, d }: { dataset: string; d: EscalationAnswer }) {
  const t = useTranslations("Judges.escalation");
  const errorText = useErrorText();
  const s = d.settings;
  const [judges, setJudges] = useState<string[]>(s?.judges ?? []);
  const [alpha, setAlpha] = useState(String(s?.alpha ?? DEFAULTS.alpha));
  const [delta, setDelta] = useState(String(s?.delta ?? DEFAULTS.delta));
  const [sample, setSample] = useState(String(s?.calibrationPairs ?? DEFAULTS.calibrationPairs));
  const [audit, setAudit] = useState(String(100 * (s?.auditShare ?? DEFAULTS.auditShare)));
  const [adding, setAdding] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const set = useSetEscalation();
  const left = d.judges.filter((j) => !judges.includes(j));
  // The judge the select shows: the one picked while still addable, else the first addable one.
  const chosen = left.includes(adding) ? adding : (left[0] ?? "");
  const save = () => {
    setProblem(null);
    set.mutate(
      {
        dataset,
        settings: {
          judges,
          alpha: Number(alpha),
          delta: Number(delta),
          calibrationPairs: Number(sample),
          auditShare: Number(audit) / 100,
        },
      },
      { onError: (e) => setProblem(e instanceof ApiError ? errorText(e) : String(e)) },
    );
  };
  return (
    <form
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <div>
        <strong>{t("cascadeTitle")}</strong> <span className="muted small">{t("cascadeNote")}</span>
        {judges.length ? (
          <ol aria-label={t("cascade")}>
            {judges.map((j) => (
              <li key={j}>
                {j}{" "}
                <button
                  type="button"
                  className="link"
                  aria-label={t("removeJudge", { judge: j })}
                  onClick={() => setJudges(judges.filter((x) => x !== j))}
                >
                  {t("remove")}
                </button>
              </li>
            ))}
          </ol>
        ) : (
          <p className="muted small">{t("noJudge")}</p>
        )}
        {left.length > 0 && (
          <div className="inline-form">
            <label>
              {t("judge")}
              <select value={chosen} onChange={(e) => setAdding(e.target.value)}>
                {left.map((j) => (
                  <option key={j} value={j}>
                    {j}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="btn small"
              disabled={!chosen}
              onClick={() => chosen && setJudges([...judges, chosen])}
            >
              {t("add")}
            </button>
          </div>
        )}
      </div>
      <div className="inline-form">
        {/* α and δ below 0.5 (limits.ts); the server says why, naming the field. */}
        <NumberField label={t("alpha")} range={[0.01, ALPHA_MAX - 0.01, 0.01]} value={alpha} set={setAlpha} />
        <NumberField label={t("delta")} range={[0.01, DELTA_MAX - 0.01, 0.01]} value={delta} set={setDelta} />
        <NumberField
          label={t("calibrationPairs")}
          range={[MIN_ITEMS_AT_THRESHOLD, 5000, 1]}
          value={sample}
          set={setSample}
        />
        <NumberField label={t("auditShare")} range={[0, 50, 1]} value={audit} set={setAudit} />
      </div>
      <div className="inline-form">
        <button type="submit" className="btn primary" disabled={!judges.length || set.isPending}>
          {s ? t("save") : t("turnOn")}
        </button>
        {s && (
          <button
            type="button"
            className="btn"
            disabled={set.isPending}
            onClick={() =>
              // Off gives every decided pair back to the experts and drops the decisions: asked once.
              window.confirm(t("offConfirm")) &&
              set.mutate({ dataset, settings: null }, { onError: (e) => setProblem(errorText(e)) })
            }
          >
            {t("turnOff")}
          </button>
        )}
        <span className="muted small">{s ? t("saveNote") : t("turnOnNote")}</span>
      </div>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

/** One of the setting's numbers, kept as typed (the server says what is out of range). */
function NumberField(p: { label: string; range: [number, number, number]; value: string; set: (v: string) => void }) {
  const [min, max, step] = p.range;
  return (
    <label>
      {p.label}
      <input type="number" min={min} max={max} step={step} value={p.value} onChange={(e) => p.set(e.target.value)} />
    </label>
  );
}

function EscalationStatus({ d }: { d: EscalationAnswer }) {
  const t = useTranslations("Judges.escalation");
  const { pct, pctOf, dateTime } = useFormat();
  const st = d.state;
  if (!st || !d.settings) return null;
  const threshold = (stage: Parameters<typeof thresholdCase>[0], position: number) => {
    const c = thresholdCase(stage, position);
    if (c.kind === "value") return c.threshold;
    if (c.kind === "few") return t("threshold.few", { items: String(c.items), minimum: String(c.minimum) });
    return t(`threshold.${c.kind}`);
  };
  const byJudge = new Map(d.decisions.map((x) => [x.judge, x]));
  const saved = d.decisions.reduce((n, x) => n + x.saved, 0);
  const audited = d.decisions.reduce((n, x) => n + x.audit, 0);
  const all = coverage({ decided: d.decisions.reduce((n, x) => n + x.decided, 0), audit: audited }, d.outsideSample);
  return (
    <div className="stack">
      {st.phase === "paused" && (
        <p className="error" role="alert">
          {t("paused", { reason: String(st.paused) })}
        </p>
      )}
      {st.phase === "calibrating" && (
        <p role="status">{t("calibrating", { labelled: String(st.labelled), sample: String(st.sample) })}</p>
      )}
      {st.phase === "deciding" && (
        <p role="status">
          {t("deciding", {
            sample: String(st.sample),
            pairs: String(all.pairs),
            share: pctOf(all.pairs, d.outsideSample),
            outside: String(d.outsideSample),
            audit: audited > 0 ? t("decidingAudit", { count: audited, n: String(audited) }) : "",
            saved: String(saved),
          })}
        </p>
      )}
      <div className="scroll-x" tabIndex={0} role="region" aria-label={t("regionLabel")}>
        <table className="table" aria-label={t("tableLabel")}>
          <thead>
            <tr>
              <th>{t("judge")}</th>
              <th className="num" title={t("thresholdTitle")}>
                {t("thresholdCol")}
              </th>
              <th className="num" title={t("calibrationTitle")}>
                {t("calibrationPairs")}
              </th>
              <th className="num" title={t("boundTitle")}>
                {t("bound")}
              </th>
              <th className="num" title={t("coverageTitle")}>
                {t("coverage")}
              </th>
              <th className="num" title={t("auditTitle")}>
                {t("audit")}
              </th>
              <th className="num">{t("saved")}</th>
            </tr>
          </thead>
          <tbody>
            {d.settings.judges.map((j, position) => {
              const stage = st.stages.find((x) => x.judge === j);
              const a = st.audits.find((x) => x.judge === j);
              const dj = byJudge.get(j);
              const c = coverage(dj, d.outsideSample);
              return (
                <tr key={j}>
                  <td>{j}</td>
                  <td className="num">{stage ? threshold(stage, position) : "—"}</td>
                  <td className="num">{stage?.calibrationItems ?? "—"}</td>
                  <td className="num">{stage?.upperBound == null ? "—" : pct(stage.upperBound, 1)}</td>
                  <td className="num">
                    {dj
                      ? `${c.pairs} (${pctOf(c.pairs, d.outsideSample)})${dj.audit ? ` · ${t("ofThemAudit", { n: String(dj.audit) })}` : ""}`
                      : st.phase === "deciding"
                        ? "0"
                        : "—"}
                  </td>
                  <td className="num">
                    {a?.agreement
                      ? `${a.agreed}/${a.audited} · ${pct(a.agreement.share, 1)} [${pct(a.agreement.ci95[0], 0)}, ${pct(a.agreement.ci95[1], 0)}]`
                      : dj?.audit
                        ? t("waiting", { n: String(dj.audit) })
                        : "—"}
                  </td>
                  <td className="num">{dj?.saved ?? 0}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="muted small">
        {t("footer", {
          target: pct(1 - d.settings.alpha),
          delta: String(d.settings.delta),
          audit: pct(d.settings.auditShare),
          at: dateTime(st.at),
        })}
      </p>
    </div>
  );
}
