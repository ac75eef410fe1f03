"use client";
/** Agreement overall, per destination and per dataset, as of the figures' computation. */
import type { AnalyticsAnswer } from "@/lib/platform/browser";
import { clock } from "../../format";
import { StatsTable } from "./StatsTable";

export function AgreementSection({ r, failed }: { r: AnalyticsAnswer | undefined; failed: boolean }) {
  return (
    <section className="card">
      <h2>Agreement</h2>
      {r && <p className="muted">Figures as of {clock(r.computedAt)}.</p>}
      {!r ? (
        <p>{failed ? "Could not compute the figures." : "Computing…"}</p>
      ) : (
        <div className="table-scroll">
          <StatsTable
            label="Agreement"
            sections={[
              { label: "Overall", rows: [["All complete pairs", r.overall]] },
              { label: "Destination", rows: Object.entries(r.byDestination) },
              { label: "Dataset", rows: Object.entries(r.byDataset) },
            ]}
          />
        </div>
      )}
    </section>
  );
}
