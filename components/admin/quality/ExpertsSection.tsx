"use client";
/**
 * The experts on the quality page, those needing a decision first: standing and the admin's actions, gold
 * accuracy (Wilson 95 %), reviewers' accept rate, skips, peer agreement, Dawid–Skene accuracy, MACE spamming probability, flags.
 */
import type { QualityAnswer } from "@/lib/platform/browser";
import { useSetStanding } from "../mutations";
import { ExpertRow } from "./ExpertRow";

const ORDER: Record<string, number> = { PAUSED: 0, QUALIFICATION_FAILED: 1, QUALIFYING: 2, ACTIVE: 3 };

export function ExpertsSection({ q }: { q: QualityAnswer }) {
  const act = useSetStanding();
  const experts = [...q.experts].sort(
    (a, b) => ORDER[a.standing] - ORDER[b.standing] || b.flags.length - a.flags.length || a.name.localeCompare(b.name),
  );
  return (
    <section className="card">
      <h2>Experts</h2>
      <p className="muted small">
        Gold accuracy: right answers on gold pairs served during judging (95 % Wilson interval). Peer agreement: share
        of comparisons with the other raters of the same pairs that agree. DS accuracy: the Dawid–Skene model&apos;s
        chance that the expert gives the true label; MACE: the probability that a verdict is a guess — both fitted on{" "}
        {q.models.judgments} judgments of {q.models.pairs} complete pairs (&ldquo;Judged&rdquo; counts an expert&apos;s
        judgments of complete pairs). Accepted: of the expert&apos;s judgments reviewers accepted or rejected, the share
        accepted (a rejected judgment counts in no other figure here). Skips: the share of gold pairs skipped, and below
        it of real pairs; skipping gold more often than real pairs counts as answering it wrong.
      </p>
      {act.error && (
        <p className="error" role="alert">
          {act.error.message}
        </p>
      )}
      <div className="scroll-x">
        <table className="table quality-table" aria-label="Experts' quality">
          <thead>
            <tr>
              <th>Expert</th>
              <th>Standing</th>
              <th className="num">Qualif.</th>
              <th className="num">Gold</th>
              <th className="num" title="Accepted of the judgments reviewers accepted or rejected">
                Accepted
              </th>
              <th className="num">Judged</th>
              <th
                className="num"
                title="Share skipped: gold pairs (above), real pairs (below). Skipping gold more than real pairs counts as answering it wrong."
              >
                Skips
              </th>
              <th className="num" title="Agreement with peers">
                Peers
              </th>
              <th className="num" title="Dawid–Skene accuracy">
                DS
              </th>
              <th className="num" title="MACE spamming probability">
                MACE
              </th>
              <th>Flags</th>
            </tr>
          </thead>
          <tbody>
            {experts.map((e) => (
              <ExpertRow
                key={e.userId}
                e={e}
                busy={act.isPending}
                onAction={(action) => act.mutate({ userId: e.userId, action })}
              />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
