"use client";
/**
 * Agreement statistics (Fleiss, Light, Krippendorff, pairwise, all agree) with their bootstrap intervals, one row per
 * group: the sections (overall, per destination, per dataset) are row groups of one table, so their columns line up.
 */
import { useTranslations } from "next-intl";
import type { GroupStats } from "@/lib/results/agreement/browser";
import { FEW } from "@/lib/kernel/browser";
import { fixed } from "../../format";

/** The statistics' columns; their names and help are Analytics.stats.metrics.<key>. */
const METRICS = ["fleiss", "light", "krippendorff", "pairwise", "allAgree"] as const satisfies readonly (keyof Omit<
  GroupStats,
  "items" | "ceiling" | "unresolved"
>)[];

/** Below this many complete pairs a group's figures vary too much to read as its agreement: the row says so. */
const FEW_PAIRS = FEW;

function Cell({
  s,
  pairs,
}: {
  s: GroupStats[keyof Omit<GroupStats, "items" | "ceiling" | "unresolved">];
  pairs: number;
}) {
  const t = useTranslations("Analytics");
  // Resampling a single pair cannot vary it: no interval rather than one of no width.
  const ci = pairs > 1 ? s.ci : null;
  return (
    <td
      className="num"
      title={s.value === null ? s.reason : ci ? t("bootstrapTitle", { replicates: String(ci.replicates) }) : undefined}
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
  const t = useTranslations("Analytics.stats");
  const columns = METRICS.length + 4;
  return (
    <table className="table stats" aria-label={label}>
      <thead>
        <tr>
          <th>{t("group")}</th>
          <th className="num" title={t("pairsTitle")}>
            {t("pairs")}
          </th>
          {METRICS.map((m) => (
            <th key={m} className="num" title={t(`metrics.${m}.help`)}>
              {t(`metrics.${m}.label`)} <span className="help">?</span>
            </th>
          ))}
          <th className="num" title={t("ceilingTitle")}>
            {t("ceiling")} <span className="help">?</span>
          </th>
          <th className="num" title={t("splitsTitle")}>
            {t("splits")}
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
                  <span className="muted small" title={t("fewTitle", { few: String(FEW_PAIRS) })}>
                    {" "}
                    · {t("few")}
                  </span>
                )}
              </td>
              <td className="num">{s.items}</td>
              {METRICS.map((m) => (
                <Cell key={m} s={s[m]} pairs={s.items} />
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
