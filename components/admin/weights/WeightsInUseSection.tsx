"use client";
/** The weights in use, since when and why, and their history: restoring an earlier change or TripScore's defaults. */
import type { FitsAnswer } from "@/lib/platform/browser";
import { dateTime } from "../../format";
import type { useRestoreWeights } from "../mutations";

export function WeightsInUseSection({
  state,
  usingDefaults,
  restore,
}: {
  state: FitsAnswer | undefined;
  usingDefaults: boolean;
  restore: ReturnType<typeof useRestoreWeights>;
}) {
  const inUse = state?.inUse;
  return (
    <section className="card">
      <h2>Weights in use</h2>
      <p>
        {inUse?.adoption ? (
          <>
            Since {dateTime(inUse.adoption.createdAt)}: <strong>{inUse.adoption.note}</strong>
          </>
        ) : (
          <>TripScore&apos;s published defaults (Table 6, real-world requests).</>
        )}
      </p>
      <table className="table" aria-label="Weight history">
        <thead>
          <tr>
            <th>Changed</th>
            <th>By</th>
            <th>Weights</th>
            <th>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {state?.history.map((h, i) => (
            <tr key={h.id}>
              <td>{dateTime(h.createdAt)}</td>
              <td>{h.actor ?? "—"}</td>
              <td>
                {h.note}
                {i === 0 ? " (in use)" : ""}
              </td>
              <td>
                {i > 0 && (
                  <button className="btn small" onClick={() => restore.mutate(h.id)} disabled={restore.isPending}>
                    Restore
                  </button>
                )}
              </td>
            </tr>
          ))}
          <tr>
            <td colSpan={3} className="muted">
              TripScore&apos;s published defaults
            </td>
            <td>
              {!usingDefaults && (
                <button className="btn small" onClick={() => restore.mutate("defaults")} disabled={restore.isPending}>
                  Restore
                </button>
              )}
            </td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}
