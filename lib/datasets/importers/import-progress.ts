/** Import progress for people: records read and written, rate, share and time left (bytes of the plans file). */
import type { ImportProgress } from ".";

export interface ProgressView extends ImportProgress {
  plansPerSecond: number;
  /** 0…1 of the plans file read. */
  share: number;
  /** Seconds left at the current rate; null while unknown. */
  secondsLeft: number | null;
}

export function progressView(p: ImportProgress, elapsedMs: number): ProgressView {
  const seconds = Math.max(elapsedMs / 1000, 0.001);
  const share = p.bytesTotal ? Math.min(1, p.bytesRead / p.bytesTotal) : p.stage === "committing" ? 1 : 0;
  const secondsLeft = share > 0.02 && share < 1 ? Math.round((seconds * (1 - share)) / share) : null;
  return { ...p, plansPerSecond: Math.round(p.plansRead / seconds), share, secondsLeft };
}

const n = (x: number) => x.toLocaleString("en-US");

export function progressText(v: ProgressView): string {
  const left =
    v.secondsLeft === null
      ? ""
      : ` · about ${v.secondsLeft < 90 ? `${v.secondsLeft} s` : `${Math.round(v.secondsLeft / 60)} min`} left`;
  if (v.stage === "reading") return "reading the manifest, places and requests…";
  if (v.stage === "committing") return `committing ${n(v.plansWritten)} plans and ${n(v.pairsWritten)} pairs…`;
  if (v.stage === "pairs")
    return `plans done (${n(v.plansRead)} read, ${n(v.plansWritten)} written); pairs ${n(v.pairsWritten)} written`;
  return `plans ${n(v.plansRead)} read and validated, ${n(v.plansWritten)} written · ${n(v.plansPerSecond)}/s · ${Math.round(v.share * 100)} %${left}`;
}

/** A progress callback that prints at most once a second (a terminal line rewritten in place). */
export function progressPrinter(write: (line: string) => void, everyMs = 1000): (p: ImportProgress) => void {
  const t0 = Date.now();
  let last = 0;
  return (p) => {
    const now = Date.now();
    if (now - last < everyMs && p.stage !== "committing") return;
    last = now;
    write(`${progressText(progressView(p, now - t0))}\n`);
  };
}
