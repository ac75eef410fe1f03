"use client";
/** The live checks: reward before → after, the sub-scores, and every check as a regression, a fix or unchanged. */
import type { CheckDiff, LiveCheck } from "@/lib/corrections/browser";
import type { LiveState } from "./useLiveChecks";

const num = (v: number | null) => (v === null ? "—" : v.toFixed(2));
const SCORE_LABELS: Record<string, string> = {
  format: "format gate",
  commonsense: "commonsense gate",
};
const label = (name: string) =>
  SCORE_LABELS[name] ??
  name
    .replace(/_/g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase();

function Delta({ before, after }: { before: number; after: number }) {
  const d = after - before;
  if (Math.abs(d) < 1e-9) return <span className="muted">±0</span>;
  return <span className={d > 0 ? "ok" : "error"}>{`${d > 0 ? "+" : "−"}${Math.abs(d).toFixed(2)}`}</span>;
}

function CheckList({ items, tone, testId }: { items: CheckDiff[]; tone: string; testId: string }) {
  return (
    <ul className={`check-list ${tone}`} data-testid={testId}>
      {items.map((c) => (
        <li key={c.id}>
          <span className="badge">{c.group === "dsl" ? "constraint" : c.group}</span> {c.message}
        </li>
      ))}
    </ul>
  );
}

export function ChecksPanel({
  live,
  edited,
  constraints,
}: {
  live: LiveState;
  edited: boolean;
  /** Whether the request has final DSL constraints (none: they are not among the checks, and the panel says so). */
  constraints: boolean;
}) {
  const c: LiveCheck | null = live.check;
  if (!c)
    return (
      <section className="checks" aria-label="Checks">
        <h2>Checks</h2>
        <p className="muted small">{live.error ?? "Running the checks…"}</p>
      </section>
    );
  return (
    <section className="checks" aria-label="Checks" aria-busy={live.pending} data-pending={live.pending}>
      <h2>
        Checks{" "}
        {live.pending ? (
          <span className="muted small">updating…</span>
        ) : (
          live.latencyMs !== null && <span className="muted small">{Math.round(live.latencyMs)} ms</span>
        )}
      </h2>
      {live.error && <p className="error small">{live.error}</p>}
      <p className="reward" data-testid="reward">
        Reward <strong>{c.reward.before.toFixed(3)}</strong> → <strong>{c.reward.after.toFixed(3)}</strong>{" "}
        <Delta before={c.reward.before} after={c.reward.after} />
      </p>
      <div className="check-counts">
        <span className={c.regressions.length ? "count bad" : "count"}>{c.regressions.length} broken</span>
        <span className={c.fixed.length ? "count good" : "count"}>{c.fixed.length} fixed</span>
        <span className="count">{c.unchanged.filter((u) => !u.after).length} still failing</span>
      </div>
      {c.regressions.length > 0 && (
        <>
          <h3 className="error">Broken by your edits</h3>
          <CheckList items={c.regressions} tone="bad" testId="regressions" />
        </>
      )}
      {c.fixed.length > 0 && (
        <>
          <h3 className="ok">Fixed</h3>
          <CheckList items={c.fixed} tone="good" testId="fixed" />
        </>
      )}
      {!edited && c.fixed.length === 0 && c.regressions.length === 0 && (
        <p className="muted small">Edit the plan: each edit is checked here at once.</p>
      )}
      {!constraints && (
        <p className="muted small" data-testid="no-final-constraints">
          The request has no final constraints yet, so its DSL constraints are not checked here (a version becomes final
          on the request&apos;s constraints page).
        </p>
      )}
      <details className="check-more">
        <summary>Unchanged ({c.unchanged.length})</summary>
        <CheckList items={c.unchanged} tone="same" testId="unchanged" />
      </details>
      <details className="check-more">
        <summary>Sub-scores</summary>
        <table className="table scores">
          <thead>
            <tr>
              <th>Score</th>
              <th className="num">Before</th>
              <th className="num">After</th>
            </tr>
          </thead>
          <tbody>
            {c.scores.map((s) => (
              <tr key={s.name} className={s.before !== s.after ? "changed" : ""}>
                <td>{label(s.name)}</td>
                <td className="num">{num(s.before)}</td>
                <td className="num">{num(s.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
