"use client";
/** The judge alignment board: upload automatic judges' verdicts, and see how each judge (and the reward) agrees with the experts. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, ApiError } from "../api";
import { KEYS, useJudgeBoard } from "./queries";
import { useScopeOptions } from "./ScopeSelects";

const f3 = (v: number | null) => (v === null ? "—" : v.toFixed(3));
const pct = (v: number | null) => (v === null ? "—" : `${(100 * v).toFixed(1)} %`);

export function JudgesPanel() {
  const qc = useQueryClient();
  const [dataset, setDataset] = useState("");
  const board = useJudgeBoard(dataset);
  const scope = useScopeOptions();
  const [problems, setProblems] = useState<string[]>([]);
  const upload = useMutation({
    mutationFn: async (file: File) =>
      api<{ created: boolean; verdicts: number; judges: string[] }>("/api/admin/judges", {
        json: { name: file.name, jsonl: await file.text() },
      }),
    onMutate: () => setProblems([]),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEYS.judges }),
    onError: (e) =>
      setProblems(
        e instanceof ApiError
          ? [...((e.body.problems as string[]) ?? []), ...(e.body.more ? [`… and ${e.body.more} more`] : [])]
          : [],
      ),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api(`/api/admin/judges/${id}`, { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEYS.judges }),
  });
  const d = board.data;
  return (
    <div className="stack">
      <section className="card">
        <h2>Judges&apos; verdicts</h2>
        <p className="muted small">
          JSONL, one verdict a line:{" "}
          <code>{`{"pair_id", "judge", "verdict": "A"|"B"|"NEITHER", "order": "ab"|"ba"?, "score_a"?, "score_b"?}`}</code>
          , in the pair&apos;s own A/B terms (<code>order</code> says which plan the judge saw first). Several runs of a
          judge may judge the same pair. Up to 2 MB a file; the same file twice is imported once.
        </p>
        <div className="inline-form">
          <label>
            Upload verdicts
            <input
              type="file"
              accept=".jsonl,.json,.txt,application/x-ndjson"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) upload.mutate(file);
                e.target.value = "";
              }}
            />
          </label>
          <label>
            Dataset
            <select value={dataset} onChange={(e) => setDataset(e.target.value)}>
              <option value="">All</option>
              {scope.data?.datasets.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </select>
          </label>
        </div>
        {upload.isPending && <p role="status">Importing…</p>}
        {upload.data && (
          <p className="ok" role="status">
            {upload.data.created
              ? `Imported ${upload.data.verdicts} verdicts of ${upload.data.judges.join(", ")}.`
              : "This file was imported before; nothing changed."}
          </p>
        )}
        {upload.error && (
          <div className="error" role="alert">
            <p>{upload.error.message}</p>
            {problems.length > 0 && (
              <ul className="problems">
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        {d && d.imports.length > 0 && (
          <table className="table" aria-label="Imported verdict files">
            <thead>
              <tr>
                <th>File</th>
                <th>Judges</th>
                <th className="num">Verdicts</th>
                <th>Imported</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {d.imports.map((i) => (
                <tr key={i.id}>
                  <td>{i.name}</td>
                  <td>{i.judges.join(", ")}</td>
                  <td className="num">{i.verdicts}</td>
                  <td>{new Date(i.createdAt).toLocaleString()}</td>
                  <td>
                    <button
                      className="btn-link"
                      onClick={() => confirm(`Remove ${i.name} and its ${i.verdicts} verdicts?`) && remove.mutate(i.id)}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {board.error && (
        <p className="error" role="alert">
          {(board.error as Error).message}
        </p>
      )}
      {d && (
        <section className="card">
          <h2>Alignment with the experts</h2>
          <p className="muted small">
            Over {d.humans.pairs} complete pairs. Two experts on the same pair agree {pct(d.humans.pairwiseAgreement)}{" "}
            of the time, which under TripScore&apos;s symmetric three-class noise model (E.4) means a single expert
            agrees with the latent truth r = {f3(d.humans.ceiling)}: the ceiling a judge is measured against. A
            judge&apos;s r_model comes the same way from its agreement with single experts (each of its verdicts against
            each expert&apos;s verdict on the pair), not from its accuracy against the majority. Experts chose the
            longer plan in {pct(d.humans.longerShare)} of {d.humans.longerN} decisive verdicts on plans of different
            length.
          </p>
          <div className="scroll-x">
            <table className="table" aria-label="Judge alignment">
              <thead>
                <tr>
                  <th>Judge</th>
                  <th className="num" title="Verdicts on complete pairs, and the distinct pairs they cover">
                    Verdicts (pairs)
                  </th>
                  <th className="num" title="Pairs with a majority label: the accuracies are measured on these only">
                    Labelled pairs
                  </th>
                  <th className="num" title="Pairs with an A or B majority, verdicts A or B">
                    Accuracy (ties excluded)
                  </th>
                  <th className="num" title="Three classes: a Neither is right only when the majority is Neither">
                    Accuracy (ties included)
                  </th>
                  <th className="num">κ with majority</th>
                  <th
                    className="num"
                    title="Cohen's κ with each expert who shares ≥ 5 distinct pairs with the judge, averaged; in brackets, how many experts"
                  >
                    Mean κ with experts
                  </th>
                  <th
                    className="num"
                    title="Kendall's τ-b of the judge's score difference against the experts' mean preference"
                  >
                    Kendall τ
                  </th>
                  <th className="num" title="Agreement with single experts: the A of TripScore E.4">
                    Agreement with an expert
                  </th>
                  <th
                    className="num"
                    title="TripScore E.4: r_model = (K·A − A + r − 1)/(K·r − 1), A the agreement with single experts"
                  >
                    r_model
                  </th>
                  <th className="num">of ceiling</th>
                  <th className="num" title="Pairs judged in both orders whose verdict changed">
                    Flip rate
                  </th>
                  <th className="num" title="Decisive verdicts for the longer plan">
                    Longer plan
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.judges.map((j) => (
                  <tr key={j.judge}>
                    <td>
                      {j.judge}
                      {j.builtIn && <span className="badge"> built in</span>}
                    </td>
                    <td className="num">
                      {j.verdicts} <span className="muted small">({j.pairs})</span>
                    </td>
                    <td className="num">
                      {j.labelledPairs}
                      {j.pairs > j.labelledPairs && (
                        <span
                          className="muted small"
                          title="Pairs without a majority label (1-1-1) are left out of the accuracies"
                        >
                          {" "}
                          · {j.pairs - j.labelledPairs} left out
                        </span>
                      )}
                    </td>
                    <td className="num">{pct(j.accuracyExcludingTies)}</td>
                    <td className="num">{pct(j.accuracyIncludingTies)}</td>
                    <td className="num">{f3(j.kappaMajority)}</td>
                    <td className="num">
                      {f3(j.kappaExpertsMean)} <span className="muted small">({j.kappaExperts})</span>
                    </td>
                    <td className="num">{f3(j.kendallTau)}</td>
                    <td className="num">{pct(j.singleAgreement)}</td>
                    {j.rModelAboveOne ? (
                      <td
                        className="num"
                        colSpan={2}
                        title={`r_model = ${f3(j.rModel)}: the noise model does not fit this judge (it agrees with single experts more than experts agree with the truth)`}
                      >
                        <span className="badge warn">above 1: model does not fit</span>
                      </td>
                    ) : (
                      <>
                        <td className="num">{f3(j.rModel)}</td>
                        <td className="num">{pct(j.ceilingShare)}</td>
                      </>
                    )}
                    <td className="num">{j.flipPairs ? `${pct(j.flipRate)} of ${j.flipPairs}` : "—"}</td>
                    <td className="num">{j.longerN ? `${pct(j.longerShare)} of ${j.longerN}` : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="muted small" data-testid="judge-legend">
            Accuracies count labelled pairs only (a majority of the experts; pairs split 1-1-1 are left out).
            &ldquo;(n)&rdquo; after a κ is the number of experts it averages over; &ldquo;—&rdquo; means the figure
            cannot be computed here (no labelled pair, no scores, no pair seen in both orders, or below chance).
          </p>
          {d.differences.length > 0 && (
            <>
              <h3>Differences between judges</h3>
              <p className="muted small">
                Three-class accuracy of the first judge minus the second&apos;s on the pairs both judged, with a paired
                bootstrap 95 % interval (requests resampled); an interval that excludes 0 is a real difference.
              </p>
              <table className="table" aria-label="Judge differences">
                <thead>
                  <tr>
                    <th>Judge</th>
                    <th>vs</th>
                    <th className="num">Pairs</th>
                    <th className="num">Difference</th>
                    <th className="num">95 % interval</th>
                  </tr>
                </thead>
                <tbody>
                  {d.differences.map((x) => (
                    <tr key={`${x.a}|${x.b}`}>
                      <td>{x.a}</td>
                      <td>{x.b}</td>
                      <td className="num">{x.pairs}</td>
                      <td className="num">
                        {x.difference === null
                          ? "—"
                          : `${x.difference > 0 ? "+" : ""}${(100 * x.difference).toFixed(1)} pts`}
                      </td>
                      <td className="num">
                        {x.ci95 ? `${(100 * x.ci95[0]).toFixed(1)} – ${(100 * x.ci95[1]).toFixed(1)}` : "—"}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
        </section>
      )}
    </div>
  );
}
