/** `tripjudge reliability` without --json: a table of raters (flagged first) and a count of the items' labels. */
import type { ReliabilityReport } from "./report";

const f = (x: number | null, d = 3) => (x === null ? "—" : x.toFixed(d));

export function formatReliability(r: ReliabilityReport): string {
  const raters = [...r.raters].sort((a, b) => Number(b.flagged) - Number(a.flagged) || a.rater.localeCompare(b.rater));
  const width = Math.max(5, ...raters.map((x) => x.rater.length));
  const lines = [`labels: ${r.labels.join(", ")} (the models' possible true labels)`];
  if (r.unused_labels.length)
    lines.push(
      `no rating uses ${r.unused_labels.join(", ")}: if the data have fewer labels, pass them with --labels (e.g. --labels ${r.labels.filter((l) => !r.unused_labels.includes(l)).join(",")})`,
    );
  lines.push("", `${"rater".padEnd(width)}  items  gold  gold acc (95 % CI)      DS acc  MACE spam  flagged`);
  for (const x of raters) {
    const ci = x.gold_ci95 ? `(${f(x.gold_ci95[0])}–${f(x.gold_ci95[1])})` : "";
    lines.push(
      `${x.rater.padEnd(width)}  ${String(x.n_items).padStart(5)}  ${String(x.gold_n).padStart(4)}  ${`${f(x.gold_accuracy)} ${ci}`.padEnd(22)}  ${f(x.ds_accuracy)}   ${f(x.mace_spam)}      ${x.flagged ? "yes" : "no"}`,
    );
    for (const reason of x.reasons) lines.push(`${"".padEnd(width)}  ↳ ${reason}`);
  }
  const differ = r.items.filter((i) => i.majority !== null && i.majority !== i.ds_label).length;
  const noMajority = r.items.filter((i) => i.majority === null).length;
  lines.push(
    "",
    `${r.items.length} items: ${noMajority} without a strict majority; Dawid–Skene differs from the majority on ${differ}.`,
  );
  return lines.join("\n");
}
