"use client";
/**
 * Uploading automatic judges' verdicts (JSONL), the files imported so far, and the dataset the board is over. Removing
 * a file a dataset's escalation uses asks first, naming the datasets (the server refuses it unconfirmed).
 */
import { useState } from "react";
import type { JudgeBoardAnswer } from "@/lib/platform/browser";
import { ApiError } from "../../api";
import { dateTime } from "../../format";
import { useRemoveVerdicts, useUploadVerdicts } from "../mutations";
import { useScopeOptions } from "../ScopeSelects";

export function VerdictsSection({
  d,
  dataset,
  setDataset,
}: {
  d: JudgeBoardAnswer | undefined;
  dataset: string;
  setDataset: (id: string) => void;
}) {
  const scope = useScopeOptions();
  const [problems, setProblems] = useState<string[]>([]);
  const upload = useUploadVerdicts({
    onMutate: () => setProblems([]),
    onError: (e) =>
      setProblems(
        e instanceof ApiError
          ? [...((e.body.problems as string[]) ?? []), ...(e.body.more ? [`… and ${e.body.more} more`] : [])]
          : [],
      ),
  });
  const [removal, setRemoval] = useState<string | null>(null);
  const remove = useRemoveVerdicts({
    onMutate: () => setRemoval(null),
    onSuccess: (a) =>
      a.recalibrated.length > 0 &&
      setRemoval(`Removed; ${a.recalibrated.length} escalation(s) gave their decided pairs back and recalibrated.`),
    onError: (e, v) => {
      // An escalation that began using the file after the page was read: the server names it; asked once more.
      if (e instanceof ApiError && e.code === "conflict" && !v.confirm) {
        if (window.confirm(`${e.message.replace(/ Send \{.*$/, "")} Remove it anyway?`))
          remove.mutate({ id: v.id, confirm: true });
      } else setRemoval(e.message);
    },
  });
  const ask = (i: JudgeBoardAnswer["imports"][number]) => {
    const uses = i.escalations;
    const question = uses.length
      ? `Remove ${i.name} and its ${i.verdicts} verdicts? The guaranteed escalation of ${uses
          .map((u) => `${u.dataset} (${u.judges.join(", ")})`)
          .join(
            " and of ",
          )} uses them: the pairs its judges decided go back to the experts, and it recalibrates without these verdicts (a judge left without verdicts abstains).`
      : `Remove ${i.name} and its ${i.verdicts} verdicts?`;
    if (window.confirm(question)) remove.mutate({ id: i.id, confirm: uses.length > 0 });
  };
  return (
    <section className="card">
      <h2>Judges&apos; verdicts</h2>
      <p className="muted small">
        JSONL, one verdict a line:{" "}
        <code>{`{"pair_id", "judge", "verdict": "A"|"B"|"NEITHER", "order": "ab"|"ba"?, "score_a"?, "score_b"?}`}</code>
        , in the pair&apos;s own A/B terms (<code>order</code> says which plan the judge saw first). Several runs of a
        judge may judge the same pair. Up to 2 MiB (2,097,152 bytes) a file; the same file twice is imported once. To
        say how sure it is, a line may carry probabilities <code>p_a</code>, <code>p_b</code> and optionally{" "}
        <code>p_neither</code> (summing to 1) or <code>samples</code> (the verdicts of k repeated runs), which then give
        the verdict: <code>{`{"pair_id": "p17", "judge": "gpt-4o", "p_a": 0.8, "p_b": 0.2}`}</code> or{" "}
        <code>{`{…, "samples": ["A", "A", "B"]}`}</code>.
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
      {removal && (
        <p className={remove.isError ? "error" : "ok"} role={remove.isError ? "alert" : "status"}>
          {removal}
        </p>
      )}
      {d && d.imports.length > 0 && (
        <table className="table" aria-label="Imported verdict files">
          <thead>
            <tr>
              <th>File</th>
              <th>Judges</th>
              <th className="num">Verdicts</th>
              <th>Imported</th>
              <th>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {d.imports.map((i) => (
              <tr key={i.id}>
                <td>{i.name}</td>
                <td>
                  {i.judges.join(", ")}
                  {i.escalations.length > 0 && (
                    <span className="muted small">
                      {" "}
                      · used by the escalation of {i.escalations.map((u) => u.dataset).join(", ")}
                    </span>
                  )}
                </td>
                <td className="num">{i.verdicts}</td>
                <td>{dateTime(i.createdAt)}</td>
                <td>
                  <button className="btn-link" disabled={remove.isPending} onClick={() => ask(i)}>
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
