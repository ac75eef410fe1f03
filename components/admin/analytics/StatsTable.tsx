"use client";
/**
 * Agreement statistics (Fleiss, Light, Krippendorff, pairwise, all agree) with their bootstrap intervals, one row per
 * group: the sections (overall, per destination, per dataset) are row groups of one table, so their columns line up.
 */
import type { GroupStats } from "@/lib/results/agreement/browser";
import { FEW } from "@/lib/kernel/browser";
import { fixed } from "../../format";

const METRICS: { key: keyof Omit<GroupStats, "items" | "ceiling" | "unresolved">; label: string; help: string }[] = [
  {
    key: "fleiss",
    label: "Fleiss' κ",
    help: "Agreement of the three raters beyond chance, over pairs with all ratings: (P̄ − P̄e) / (1 − P̄e).",
  },
  {
    key: "light",
    label: "Cohen's κ (Light)",
    help: "Cohen's kappa for each pair of rater slots (1–2, 1–3, 2–3), averaged.",
  },
  {
    key: "krippendorff",
    label: "Krippendorff's α",
    help: "Nominal alpha, 1 − observed / expected disagreement; tolerates missing ratings.",
  },
  {
    key: "pairwise",
    label: "Pairwise agreement",
    help: "Over every two raters of the same pair, the share that chose the same verdict.",
  },
  { key: "allAgree", label: "All agree", help: "Share of pairs on which all raters chose the same verdict." },
];

/** Below this many complete pairs a group's figures vary too much to read as its agreement: the row says so. */
const FEW_PAIRS = FEW;

function Cell({
  s,
  pairs,
}: {
  s: GroupStats[keyof Omit<GroupStats, "items" | "ceiling" | "unresolved">];
  pairs: number;
}) {
  // Resampling a single pair cannot vary it: no interval rather than one of no width.
  const ci = pairs > 1 ? s.ci : null;
  return (
    <td
      className="num"
      title={
        s.value === null
          ? s.reason
          : ci
            ? `95 % bootstrap interval over ${ci.replicates} resamples of pairs`
            : undefined
      }
    >
      {fixed(s.value)}
      {ci && (
        <span className="muted small interval">
          [{fixed(ci.lo)}, {fixed(ci.hi)}]
        </span>
      )}
    </td>
  );
}

export interface StatsSection {
  /** The section's name: its heading row, and the name of its row group. */
  label: string;
  rows: [string, GroupStats][];
}

export function StatsTable({ sections, label }: { sections: StatsSection[]; label: string }) {
  const columns = METRICS.length + 4;
  return (
    <table className="table stats" aria-label={label}>
      <thead>
        <tr>
          <th>Group</th>
          <th className="num" title="Complete pairs">
            Pairs
          </th>
          {METRICS.map((m) => (
            <th key={m.key} className="num" title={m.help}>
              {m.label} <span className="help">?</span>
            </th>
          ))}
          <th
            className="num"
            title="TripScore E.4: the single-rater reliability r implied by the pairwise agreement under symmetric 3-class noise, r = (1 + √(2·(3·A − 1))) / 3"
          >
            Ceiling r <span className="help">?</span>
          </th>
          <th className="num" title="Pairs whose raters split 1-1-1: they have no majority label until adjudicated">
            Splits
          </th>
        </tr>
      </thead>
      {sections.map((section) => (
        <tbody key={section.label} aria-label={section.label}>
          <tr className="section">
            <th colSpan={columns} scope="colgroup">
              {section.label}
            </th>
          </tr>
          {section.rows.map(([name, s]) => (
            <tr key={name} className={s.items < FEW_PAIRS ? "inactive" : undefined}>
              <td>
                {name}
                {s.items < FEW_PAIRS && (
                  <span
                    className="muted small"
                    title={`Figures from fewer than ${FEW_PAIRS} complete pairs vary widely from pair to pair`}
                  >
                    {" "}
                    · few pairs
                  </span>
                )}
              </td>
              <td className="num">{s.items}</td>
              {METRICS.map((m) => (
                <Cell key={m.key} s={s[m.key]} pairs={s.items} />
              ))}
              <td className="num">{fixed(s.ceiling.r)}</td>
              <td className="num">{s.unresolved}</td>
            </tr>
          ))}
        </tbody>
      ))}
    </table>
  );
}
