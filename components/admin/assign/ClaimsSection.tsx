"use client";
/** The pairs experts hold right now, with their leases: release one, or hand it to another expert of the destination. */
import type { OverviewAnswer } from "@/lib/platform/browser";
import { clock } from "../../format";
import { useReassignClaim, useReleaseClaim, type Then } from "../mutations";

export function ClaimsSection({
  o,
  fam,
  then,
}: {
  o: OverviewAnswer;
  /** Familiarity by `${userId}|${destinationId}`: a claim goes only to an expert of its destination. */
  fam: Map<string, number>;
  then: Then<unknown, unknown>;
}) {
  const release = useReleaseClaim(then);
  const reassign = useReassignClaim(then);
  return (
    <section className="card">
      <h2>Claims in progress</h2>
      {o.claims.length === 0 ? (
        <p className="muted">No expert holds a pair right now.</p>
      ) : (
        <table className="table" aria-label="Claims in progress">
          <thead>
            <tr>
              <th>Expert</th>
              <th>Destination</th>
              <th>Pair</th>
              <th className="num">Slot</th>
              <th>Claimed</th>
              <th>Lease</th>
              <th>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {o.claims.map((c) => (
              <tr key={c.id} data-testid={`claim-${c.expert.name}`}>
                <td>{c.expert.name}</td>
                <td>{c.destination}</td>
                <td>
                  <code>{c.pairId.slice(0, 8)}</code>
                </td>
                <td className="num">{c.slot}</td>
                <td>{clock(c.claimedAt)}</td>
                <td>{c.expired ? <span className="error">expired</span> : `until ${clock(c.leaseExpiresAt)}`}</td>
                <td>
                  <div className="actions">
                    <button className="btn small" onClick={() => release.mutate(c.id)}>
                      Release
                    </button>
                    <select
                      aria-label={`Reassign ${c.expert.name}'s claim`}
                      value=""
                      onChange={(e) =>
                        e.target.value && reassign.mutate({ assignmentId: c.id, userId: e.target.value })
                      }
                    >
                      <option value="">Reassign to…</option>
                      {o.experts
                        .filter((x) => x.id !== c.expert.id && x.active && fam.has(`${x.id}|${c.destinationId}`))
                        .map((x) => (
                          <option key={x.id} value={x.id}>
                            {x.name}
                          </option>
                        ))}
                    </select>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
