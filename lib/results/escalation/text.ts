/** `tripjudge escalate` without --json: each judge's threshold, then how the items went, then each decision. */
import type { Decision, EscalationOptions, StageCalibration } from "./calibrate";
import { MIN_ITEMS_AT_THRESHOLD } from "./limits";
import type { EscalationItem } from "./items";

const f = (x: number | null, d = 4) => (x === null ? "—" : x.toFixed(d));
/** 1 − x as a person writes it (1 − 0.07 is 0.93, not 0.9299999999999999). */
const complement = (x: number) => Number((1 - x).toFixed(12));
const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(1)} %` : "—");

export function formatEscalation(
  stages: readonly StageCalibration[],
  decisions: readonly Decision[],
  items: readonly EscalationItem[],
  { alpha, delta }: EscalationOptions,
): string {
  const width = Math.max(5, ...stages.map((s) => s.judge.length));
  const lines = [
    `target: agreement with the experts' majority ≥ ${complement(alpha)} on the items a judge decides, with probability ≥ ${complement(delta)} (α ${alpha}, δ ${delta})`,
    "",
    `${"judge".padEnd(width)}  threshold  calibration items  decided  disagreed  upper bound`,
  ];
  const notes = [
    "calibration items: those that reached the judge (all for the first; for each next, those the earlier left);",
    "decided, disagreed: those at or above its threshold, and those of them the experts' majority contradicts;",
    "upper bound: the Clopper–Pearson (1 − δ) bound on its disagreement there, at most α when it has a threshold",
  ];
  for (const s of stages)
    lines.push(
      `${s.judge.padEnd(width)}  ${f(s.threshold).padStart(9)}  ${String(s.calibrationItems).padStart(17)}  ${String(s.decided).padStart(7)}  ${String(s.disagreements).padStart(9)}  ${f(s.upperBound).padStart(11)}`,
    );
  // A later judge that no item reached was not tested and failed: the earlier judges decided every item.
  const unreached = (s: StageCalibration, i: number) => i > 0 && s.calibrationItems === 0;
  if (stages.some((s, i) => s.threshold === null && !unreached(s, i)))
    notes.push(
      `— no threshold: the highest one tested already failed (or fewer than ${MIN_ITEMS_AT_THRESHOLD} of the items reaching the judge had its verdict); it abstains on everything`,
    );
  const none = stages.filter(unreached).map((s) => s.judge);
  if (none.length)
    notes.push(
      `${none.join(", ")}: no calibration item reached ${none.length > 1 ? "these judges" : "this judge"} (the earlier judges decided every one), so ${none.length > 1 ? "they decide" : "it decides"} nothing`,
    );
  lines.push(...notes);
  const by = stages.map((s) => decisions.filter((d) => d.judge === s.judge).length);
  const escalated = decisions.filter((d) => d.judge === null).length;
  lines.push(
    "",
    `${decisions.length} items: ${stages.map((s, i) => `${by[i]} decided by ${s.judge}`).join(", ")}; ${escalated} escalated to the experts (coverage ${pct(decisions.length - escalated, decisions.length)})`,
  );
  // Items that carry the experts' verdict: how often the decisions agree with it.
  const human = new Map(items.filter((it) => it.human !== null).map((it) => [it.id, it.human]));
  const checked = decisions.filter((d) => d.judge !== null && human.has(d.id));
  const agree = checked.filter((d) => d.verdict === human.get(d.id)).length;
  if (checked.length)
    lines.push(
      `of the ${checked.length} decided items with an experts' verdict, ${agree} agree with it (${pct(agree, checked.length)})`,
    );
  if (decisions.length)
    lines.push(
      "",
      "id\tjudge\tverdict",
      ...decisions.map((d) => `${d.id}\t${d.judge ?? "experts"}\t${d.verdict ?? "—"}`),
    );
  return lines.join("\n");
}
