"use client";
/** With adaptive raters on: the statistics that need three raters on every pair, computed on the calibration share. */
import type { AnalyticsAnswer } from "@/lib/platform/browser";

import { fixed, pct } from "../../format";

const ci = (c: readonly number[] | null | undefined) => (c ? ` [${fixed(c[0])}, ${fixed(c[1])}]` : "");

export function AdaptiveCalibration({ adaptive }: { adaptive: NonNullable<AnalyticsAnswer["adaptive"]> }) {
  const s = adaptive.summary;
  return (
    <section className="card" aria-label="Adaptive raters" data-testid="adaptive-calibration">
      <h2>Adaptive raters: calibration share</h2>
      <p className="notice">
        Adaptive raters are on for{" "}
        {adaptive.datasets.map((d) => `${d.name} (calibration ${pct(d.calibrationShare)})`).join(", ")}: outside the
        calibration share a pair stops at two agreeing experts. Fleiss&apos; κ and Cohen&apos;s κ per slot pair need
        three raters on every pair, so for these datasets read them here, computed on the {adaptive.pairs} complete
        calibration pairs (always three raters); the figures above mix in pairs that got a third expert only because the
        first two disagreed. Krippendorff&apos;s α (above) uses every pair.
      </p>
      {s ? (
        <table className="table">
          <tbody>
            <tr>
              <td>Fleiss&apos; κ</td>
              <td className="num">
                {fixed(s.fleiss_kappa)}
                {ci(s.ci95.fleiss_kappa)}
              </td>
            </tr>
            <tr>
              <td>Light&apos;s κ (mean of Cohen per slot pair)</td>
              <td className="num">
                {fixed(s.light_kappa)}
                {ci(s.ci95.light_kappa)}
              </td>
            </tr>
            {Object.entries(s.cohen_kappa_by_slot_pair).map(([k, v]) => (
              <tr key={k}>
                <td>Cohen&apos;s κ, slots {k}</td>
                <td className="num">{fixed(v)}</td>
              </tr>
            ))}
            <tr>
              <td>Pairwise agreement</td>
              <td className="num">
                {fixed(s.pairwise_agreement)}
                {ci(s.ci95.pairwise_agreement)}
              </td>
            </tr>
            <tr>
              <td>Krippendorff&apos;s α (calibration pairs)</td>
              <td className="num">
                {fixed(s.krippendorff_alpha)}
                {ci(s.ci95.krippendorff_alpha)}
              </td>
            </tr>
          </tbody>
        </table>
      ) : (
        <p className="muted">No calibration pair is complete yet.</p>
      )}
    </section>
  );
}
