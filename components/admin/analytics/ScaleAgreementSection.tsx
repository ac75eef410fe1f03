"use client";
/**
 * Agreement per dimension and on the signed preference (−3…+3), per dataset: Fleiss' κ, Krippendorff's α under
 * the four levels of measurement with 95 % bootstrap intervals, and Cohen's κ and weighted κ per slot pair.
 */
import type { Interval, ScaleAgreement } from "@/lib/results/agreement/browser";
import { count, fixed } from "../../format";

const LEVELS = ["nominal", "ordinal", "interval", "ratio"] as const;

function WithCi({ v, ci }: { v: number | null; ci: Interval | null }) {
  return (
    <td className="num" title={ci ? `95 % bootstrap interval over ${ci.replicates} resamples of pairs` : undefined}>
      {fixed(v)}
      {ci && (
        <span className="muted small">
          {" "}
          [{fixed(ci.lo)}, {fixed(ci.hi)}]
        </span>
      )}
    </td>
  );
}

export function ScaleAgreementSection({ scales }: { scales: ScaleAgreement[] }) {
  if (!scales.length) return null;
  const slotPairs = [...new Set(scales.flatMap((s) => Object.keys(s.report.weighted_kappa_by_slot_pair)))].sort();
  return (
    <section className="card" data-testid="scale-agreement">
      <h2>Agreement per dimension and on the signed preference</h2>
      <p className="muted small">
        Ordered scales: a dimension answer is A (−strength), about the same (0) or B (+strength); not applicable counts
        as missing. The signed preference runs from −3 (A decisively better) to +3. α under each level of measurement
        (Krippendorff 2011); weighted κ per slot pair as scikit-learn&apos;s (linear / quadratic).
      </p>
      <table className="table" aria-label="Agreement per dimension">
        <thead>
          <tr>
            <th>Dataset</th>
            <th>Scale</th>
            <th className="num">Pairs</th>
            <th className="num">Fleiss&apos; κ</th>
            {LEVELS.map((l) => (
              <th key={l} className="num">
                α {l}
              </th>
            ))}
            {slotPairs.map((p) => (
              <th key={p} className="num" title={`Slots ${p}: Cohen's κ · weighted κ linear / quadratic`}>
                κ {p} (lin / quad)
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {scales.map((s) => (
            <tr key={`${s.datasetId}:${s.scale}`} data-scale={s.scale}>
              <td>{s.dataset}</td>
              <td>{s.label}</td>
              <td className="num">{count(s.report.pairs)}</td>
              <WithCi v={s.report.fleiss_kappa} ci={s.report.ci95.fleiss_kappa} />
              {LEVELS.map((l) => (
                <WithCi key={l} v={s.report.krippendorff_alpha[l]} ci={s.report.ci95.krippendorff_alpha[l]} />
              ))}
              {slotPairs.map((p) => {
                const w = s.report.weighted_kappa_by_slot_pair[p];
                return (
                  <td key={p} className="num">
                    {fixed(s.report.cohen_kappa_by_slot_pair[p] ?? null)}
                    <span className="muted small">
                      {" "}
                      · {fixed(w?.linear ?? null)} / {fixed(w?.quadratic ?? null)}
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
