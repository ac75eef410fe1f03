"use client";
/** Agreement figures with their intervals and explanations, the adjudication list, and downloads. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { GroupStats, ExpertRow } from "@/lib/agreement/report";

interface Report {
  overall: GroupStats;
  byDestination: Record<string, GroupStats>;
  byDataset: Record<string, GroupStats>;
  confusion: Record<string, number[][]>;
  experts: ExpertRow[];
}
interface SplitPair {
  pairId: string;
  destination: string;
  request: string;
  judgments: { expert: string; verdict: string; rationale: string }[];
}

const METRICS: { key: keyof Omit<GroupStats, "items" | "ceiling" | "unresolved">; label: string; help: string }[] = [
  { key: "fleiss", label: "Fleiss' κ", help: "Agreement of the three raters beyond chance, over pairs with all ratings: (P̄ − P̄e) / (1 − P̄e)." },
  { key: "light", label: "Cohen's κ (Light)", help: "Cohen's kappa for each pair of rater slots (1–2, 1–3, 2–3), averaged." },
  { key: "krippendorff", label: "Krippendorff's α", help: "Nominal alpha, 1 − observed / expected disagreement; tolerates missing ratings." },
  { key: "pairwise", label: "Pairwise agreement", help: "Over every two raters of the same pair, the share that chose the same verdict." },
  { key: "allAgree", label: "All agree", help: "Share of pairs on which all raters chose the same verdict." },
];

const f3 = (v: number | null | undefined) => (v === null || v === undefined ? "—" : v.toFixed(3));

function Cell({ s }: { s: GroupStats[keyof Omit<GroupStats, "items" | "ceiling" | "unresolved">] }) {
  return (
    <td className="num" title={s.value === null ? s.reason : s.ci ? `95 % bootstrap interval over ${s.ci.replicates} resamples of pairs` : undefined}>
      {f3(s.value)}
      {s.ci && <span className="muted small"> [{f3(s.ci.lo)}, {f3(s.ci.hi)}]</span>}
    </td>
  );
}

function StatsTable({ rows, label }: { rows: [string, GroupStats][]; label: string }) {
  return (
    <table className="table" aria-label={label}>
      <thead>
        <tr>
          <th>{label}</th>
          <th className="num" title="Complete pairs">Pairs</th>
          {METRICS.map((m) => (
            <th key={m.key} className="num" title={m.help}>
              {m.label} <span className="help">?</span>
            </th>
          ))}
          <th className="num" title="TripScore E.4: the single-rater reliability r implied by the pairwise agreement under symmetric 3-class noise, r = (1 + √(2·(3·A − 1))) / 3">
            Ceiling r <span className="help">?</span>
          </th>
          <th className="num" title="Pairs whose raters split 1-1-1: they have no majority label until adjudicated">Splits</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, s]) => (
          <tr key={name}>
            <td>{name}</td>
            <td className="num">{s.items}</td>
            {METRICS.map((m) => (
              <Cell key={m.key} s={s[m.key]} />
            ))}
            <td className="num">{f3(s.ceiling.r)}</td>
            <td className="num">{s.unresolved}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function AnalyticsPanel() {
  const qc = useQueryClient();
  const report = useQuery({ queryKey: ["analytics"], queryFn: async () => (await (await fetch("/api/admin/analytics")).json()) as Report });
  const splits = useQuery({ queryKey: ["adjudication"], queryFn: async () => ((await (await fetch("/api/admin/adjudication")).json()) as { pairs: SplitPair[] }).pairs });
  const decide = useMutation({
    mutationFn: async (v: { pairId: string; body: object }) => {
      const res = await fetch(`/api/admin/adjudication/${v.pairId}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(v.body) });
      if (!res.ok) throw new Error((await res.json().catch(() => ({}))).error ?? `The server answered ${res.status}.`);
    },
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: ["adjudication"] });
      qc.invalidateQueries({ queryKey: ["analytics"] });
    },
  });
  const r = report.data;
  return (
    <>
      <section className="card">
        <h2>Agreement</h2>
        {!r ? (
          <p>{report.isError ? "Could not compute the figures." : "Computing…"}</p>
        ) : (
          <>
            <StatsTable label="Overall" rows={[["All complete pairs", r.overall]]} />
            <StatsTable label="Destination" rows={Object.entries(r.byDestination)} />
            <StatsTable label="Dataset" rows={Object.entries(r.byDataset)} />
          </>
        )}
      </section>
      {r && (
        <section className="card">
          <h2>Raters</h2>
          <div className="grid-3">
            {Object.entries(r.confusion).map(([slots, m]) => (
              <table key={slots} className="table confusion" aria-label={`Confusion of slots ${slots}`} title="Rows: the first slot's verdict; columns: the second slot's.">
                <thead>
                  <tr>
                    <th>Slots {slots}</th>
                    <th className="num">A</th>
                    <th className="num">B</th>
                    <th className="num">Neither</th>
                  </tr>
                </thead>
                <tbody>
                  {m.map((row, i) => (
                    <tr key={i}>
                      <th>{["A", "B", "Neither"][i]}</th>
                      {row.map((c, j) => (
                        <td key={j} className={`num${i === j ? " diag" : ""}`}>
                          {c}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            ))}
          </div>
          <table className="table" aria-label="Experts">
            <thead>
              <tr>
                <th>Expert</th>
                <th className="num">Pairs</th>
                <th className="num" title="Where the two other raters agree, how often this expert chose the same">Agrees with others <span className="help">?</span></th>
                <th className="num" title="Cohen's kappa with each peer sharing at least 5 pairs, averaged">Cohen with peers <span className="help">?</span></th>
                <th className="num">Median time</th>
                <th className="num" title="Of the expert's A/B choices, the share that picked the plan shown on the left; far from 0.5 suggests position bias">Left wins <span className="help">?</span></th>
              </tr>
            </thead>
            <tbody>
              {r.experts.map((e) => (
                <tr key={e.expert}>
                  <td>{e.expert}</td>
                  <td className="num">{e.pairs}</td>
                  <td className="num">{f3(e.agreementWithOthers)}</td>
                  <td className="num">{f3(e.cohenWithPeers)}</td>
                  <td className="num">{e.medianSeconds === null ? "—" : `${Math.round(e.medianSeconds)} s`}</td>
                  <td className="num">{f3(e.leftShare)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <section className="card" data-testid="adjudication">
        <h2>Splits to adjudicate</h2>
        {decide.isError && (
          <p role="alert" className="error">
            {(decide.error as Error).message}
          </p>
        )}
        {!splits.data?.length ? (
          <p className="muted">No pair waits for a decision.</p>
        ) : (
          splits.data.map((p) => (
            <article key={p.pairId} className="split" data-pair={p.pairId}>
              <p>
                <strong>{p.destination}</strong> · <span className="muted">{p.request}</span>
              </p>
              <ul>
                {p.judgments.map((j, i) => (
                  <li key={i}>
                    <strong>{j.verdict === "NEITHER" ? "Neither" : j.verdict}</strong> — {j.expert}: {j.rationale}
                  </li>
                ))}
              </ul>
              <div className="actions">
                {(["A", "B", "NEITHER"] as const).map((label) => (
                  <button key={label} className="btn small" onClick={() => decide.mutate({ pairId: p.pairId, body: { action: "decide", label } })}>
                    Label {label === "NEITHER" ? "Neither" : label}
                  </button>
                ))}
                <button className="btn small" onClick={() => decide.mutate({ pairId: p.pairId, body: { action: "extra-rater" } })}>
                  Ask one more expert
                </button>
              </div>
            </article>
          ))
        )}
      </section>
      <section className="card">
        <h2>Downloads</h2>
        <table className="table" aria-label="Exports">
          <tbody>
            {[
              ["judgments", "Raw judgments", "pair, query, destination, expert (pseudonymous), slot, verdict, rationale, time on task, left plan, timestamps"],
              ["labelled-pairs", "Labelled pairs", "the two plans, the verdicts, the majority or adjudicated label, the pair's agreement"],
              ["training-pairs", "Training pairs", "labelled pairs with plan features and rewards, for weight fitting"],
            ].map(([kind, label, what]) => (
              <tr key={kind}>
                <td>
                  <strong>{label}</strong>
                  <br />
                  <span className="muted small">{what}</span>
                </td>
                <td className="actions">
                  <a className="btn small" href={`/api/admin/exports/${kind}?format=jsonl`} download>
                    JSONL
                  </a>
                  <a className="btn small" href={`/api/admin/exports/${kind}?format=csv`} download>
                    CSV
                  </a>
                  <a className="btn small" href={`/api/admin/exports/${kind}/card`} download={`${kind}-card.json`}>
                    Dataset card
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
