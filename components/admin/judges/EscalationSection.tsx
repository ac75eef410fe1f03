"use client";
/**
 * Guaranteed escalation on one dataset (docs/escalation.md): judges that decide pairs for the experts where they
 * are sure enough, with a promise on their agreement with the experts' majority. The settings, the calibration's
 * progress, and per judge its threshold, coverage, audit agreement and the expert judgments it saved.
 */
import { useState } from "react";
import type { EscalationAnswer } from "@/lib/platform/browser";
import {
  ALPHA_MAX,
  coverage,
  DELTA_MAX,
  MIN_ITEMS_AT_THRESHOLD,
  thresholdText,
} from "@/lib/results/escalation/browser";
import { ApiError } from "../../api";
import { dateTime, pct, pctOf } from "../../format";
import { useSetEscalation } from "../mutations";
import { useEscalation } from "../queries";

const DEFAULTS = { alpha: 0.1, delta: 0.1, calibrationPairs: 200, auditShare: 0.05 };

export function EscalationSection({ dataset }: { dataset: string }) {
  const q = useEscalation(dataset);
  if (!dataset)
    return (
      <section className="card">
        <h2>Guaranteed escalation</h2>
        <p className="muted small">Choose a dataset above to let judges decide its pairs for the experts.</p>
      </section>
    );
  return (
    <section className="card" aria-labelledby="escalation-title">
      <h2 id="escalation-title">Guaranteed escalation</h2>
      <p className="muted small">
        Judges decide a pair only where they are sure enough, with a promise: with probability at least 1 − δ, the pairs
        they decide agree with the experts&apos; majority on at least 1 − α of them. How sure is &quot;sure enough&quot;
        is set on a random calibration sample the experts label first; every other pair goes to the experts, and a
        random audit share of the decided pairs too, to keep measuring agreement.
      </p>
      {q.error && (
        <p className="error" role="alert">
          {q.error.message}
        </p>
      )}
      {q.data && <EscalationForm key={`${dataset}:${JSON.stringify(q.data.settings)}`} dataset={dataset} d={q.data} />}
      {q.data?.settings && <EscalationStatus d={q.data} />}
    </section>
  );
}

function EscalationForm({ dataset, d }: { dataset: string; d: EscalationAnswer }) {
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
      { onError: (e) => setProblem(e instanceof ApiError ? e.message : String(e)) },
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
        <strong>Judges, cheapest first</strong>{" "}
        <span className="muted small">(each later judge is calibrated on the pairs the earlier ones leave)</span>
        {judges.length ? (
          <ol aria-label="Cascade">
            {judges.map((j) => (
              <li key={j}>
                {j}{" "}
                <button
                  type="button"
                  className="link"
                  aria-label={`Remove ${j}`}
                  onClick={() => setJudges(judges.filter((x) => x !== j))}
                >
                  remove
                </button>
              </li>
            ))}
          </ol>
        ) : (
          <p className="muted small">No judge yet.</p>
        )}
        {left.length > 0 && (
          <div className="inline-form">
            <label>
              Judge
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
              Add to the cascade
            </button>
          </div>
        )}
      </div>
      <div className="inline-form">
        {/* α and δ below 0.5 (limits.ts); the server says why, naming the field. */}
        <NumberField
          label="α (tolerated disagreement)"
          range={[0.01, ALPHA_MAX - 0.01, 0.01]}
          value={alpha}
          set={setAlpha}
        />
        <NumberField label="δ (risk)" range={[0.01, DELTA_MAX - 0.01, 0.01]} value={delta} set={setDelta} />
        <NumberField
          label="Calibration pairs"
          range={[MIN_ITEMS_AT_THRESHOLD, 5000, 1]}
          value={sample}
          set={setSample}
        />
        <NumberField label="Audit share (%)" range={[0, 50, 1]} value={audit} set={setAudit} />
      </div>
      <div className="inline-form">
        <button type="submit" className="btn primary" disabled={!judges.length || set.isPending}>
          {s ? "Save and recalibrate" : "Turn on escalation"}
        </button>
        {s && (
          <button
            type="button"
            className="btn"
            disabled={set.isPending}
            onClick={() =>
              // Off gives every decided pair back to the experts and drops the decisions: asked once.
              window.confirm(
                "Turn escalation off? Every pair the judges decided goes back to the experts, and the decisions are removed.",
              ) && set.mutate({ dataset, settings: null }, { onError: (e) => setProblem(e.message) })
            }
          >
            Turn off
          </button>
        )}
        <span className="muted small">
          {s
            ? "Saving draws a fresh calibration sample; the pairs judges decided go back to the experts until it is labelled."
            : "The experts judge the calibration sample first; then the judges decide what they are sure of."}
        </span>
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
  const st = d.state;
  if (!st || !d.settings) return null;
  const byJudge = new Map(d.decisions.map((x) => [x.judge, x]));
  const saved = d.decisions.reduce((n, x) => n + x.saved, 0);
  const audited = d.decisions.reduce((n, x) => n + x.audit, 0);
  const all = coverage({ decided: d.decisions.reduce((n, x) => n + x.decided, 0), audit: audited }, d.outsideSample);
  return (
    <div className="stack">
      {st.phase === "paused" && (
        <p className="error" role="alert">
          Decisions paused: {st.paused}
        </p>
      )}
      {st.phase === "calibrating" && (
        <p role="status">
          Calibrating: the experts have labelled {st.labelled} of {st.sample} calibration pairs; they are served first.
        </p>
      )}
      {st.phase === "deciding" && (
        <p role="status">
          Calibrated on {st.sample} pairs. Judges decided {all.pairs} ({pctOf(all.pairs, d.outsideSample)}) of the{" "}
          {d.outsideSample} other pairs
          {audited > 0 &&
            `, ${audited} of them ${audited === 1 ? "an audit pair" : "audit pairs"} the experts judge too`}
          , saving {saved} expert judgments.
        </p>
      )}
      <div className="scroll-x" tabIndex={0} role="region" aria-label="Escalation by judge (scrolls sideways)">
        <table className="table" aria-label="Escalation by judge">
          <thead>
            <tr>
              <th>Judge</th>
              <th className="num" title="The judge decides a pair when its confidence is at least this">
                Threshold
              </th>
              <th className="num" title="Calibration pairs that reached this judge of the cascade">
                Calibration pairs
              </th>
              <th className="num" title="Clopper–Pearson (1 − δ) upper bound on its disagreement at the threshold">
                Disagreement bound
              </th>
              <th
                className="num"
                title="Pairs it decided — out of the queue, and audit pairs the experts judge too — as a share of the pairs outside the sample"
              >
                Coverage
              </th>
              <th className="num" title="Decided pairs the experts still judged, and how many agree with the judge">
                Audit agreement
              </th>
              <th className="num">Judgments saved</th>
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
                  <td className="num">{stage ? thresholdText(stage, position) : "—"}</td>
                  <td className="num">{stage?.calibrationItems ?? "—"}</td>
                  <td className="num">{stage?.upperBound == null ? "—" : pct(stage.upperBound, 1)}</td>
                  <td className="num">
                    {dj
                      ? `${c.pairs} (${pctOf(c.pairs, d.outsideSample)})${dj.audit ? ` · ${dj.audit} of them audit` : ""}`
                      : st.phase === "deciding"
                        ? "0"
                        : "—"}
                  </td>
                  <td className="num">
                    {a?.agreement
                      ? `${a.agreed}/${a.audited} · ${pct(a.agreement.share, 1)} [${pct(a.agreement.ci95[0], 0)}, ${pct(a.agreement.ci95[1], 0)}]`
                      : dj?.audit
                        ? `${dj.audit} waiting`
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
        Target agreement {pct(1 - d.settings.alpha)} at risk δ = {d.settings.delta}; audit share{" "}
        {pct(d.settings.auditShare)}. Decisions pause when the audit shows a judge below the target (exact binomial test
        at level δ, from 10 audits). Last step {dateTime(st.at)}.
      </p>
    </div>
  );
}
