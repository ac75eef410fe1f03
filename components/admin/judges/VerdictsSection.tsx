"use client";
/**
 * Uploading automatic judges' verdicts (JSONL), the files imported so far, and the dataset the board is over. Removing
 * a file a dataset's escalation uses asks first, naming the datasets (the server refuses it unconfirmed).
 */
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { JudgeBoardAnswer } from "@/lib/platform/browser";
import { ApiError } from "../../api";
import { useFormat } from "../../format";
import { useErrorText } from "../../i18n";
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
  const t = useTranslations("Judges.verdicts");
  const errorText = useErrorText();
  const { dateTime } = useFormat();
  const scope = useScopeOptions();
  const [problems, setProblems] = useState<string[]>([]);
  const upload = useUploadVerdicts({
    onMutate: () => setProblems([]),
    onError: (e) =>
      setProblems(
        e instanceof ApiError
          ? [...((e.body.problems as string[]) ?? []), ...(e.body.more ? [t("more", { n: String(e.body.more) })] : [])]
          : [],
      ),
  });
  const [removal, setRemoval] = useState<string | null>(null);
  const remove = useRemoveVerdicts({
    onMutate: () => setRemoval(null),
    onSuccess: (a) => a.recalibrated.length > 0 && setRemoval(t("removed", { n: String(a.recalibrated.length) })),
    onError: (e, v) => {
      // An escalation that began using the file after the page was read: the server names it; asked once more.
      if (e instanceof ApiError && e.code === "conflict" && !v.confirm) {
        if (window.confirm(`${e.message.replace(/ Send \{.*$/, "")} ${t("anyway")}`))
          remove.mutate({ id: v.id, confirm: true });
      } else setRemoval(errorText(e));
    },
  });
  const ask = (i: JudgeBoardAnswer["imports"][number]) => {
    const uses = i.escalations;
    const question = uses.length
      ? t("askUsed", {
          name: i.name,
          verdicts: String(i.verdicts),
          uses: uses.map((u) => `${u.dataset} (${u.judges.join(", ")})`).join(t("andOf")),
        })
      : t("ask", { name: i.name, verdicts: String(i.verdicts) });
    if (window.confirm(question)) remove.mutate({ id: i.id, confirm: uses.length > 0 });
  };
  return (
    <section className="card">
      <h2>{t("title")}</h2>
      <p className="muted small">
        {t.rich("intro", {
          code: (c) => <code>{c}</code>,
          line: () => (
            <code>{`{"pair_id", "judge", "verdict": "A"|"B"|"NEITHER", "order": "ab"|"ba"?, "score_a"?, "score_b"?}`}</code>
          ),
          example: () => <code>{`{"pair_id": "p17", "judge": "gpt-4o", "p_a": 0.8, "p_b": 0.2}`}</code>,
          samples: () => <code>{`{…, "samples": ["A", "A", "B"]}`}</code>,
        })}
      </p>
      <div className="inline-form">
        <label>
          {t("upload")}
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
          {t("dataset")}
          <select value={dataset} onChange={(e) => setDataset(e.target.value)}>
            <option value="">{t("all")}</option>
            {scope.data?.datasets.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {upload.isPending && <p role="status">{t("importing")}</p>}
      {upload.data && (
        <p className="ok" role="status">
          {upload.data.created
            ? t("imported", { verdicts: String(upload.data.verdicts), judges: upload.data.judges.join(", ") })
            : t("already")}
        </p>
      )}
      {upload.error && (
        <div className="error" role="alert">
          <p>{errorText(upload.error)}</p>
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
        <table className="table" aria-label={t("tableLabel")}>
          <thead>
            <tr>
              <th>{t("file")}</th>
              <th>{t("judges")}</th>
              <th className="num">{t("verdictsCol")}</th>
              <th>{t("importedCol")}</th>
              <th>
                <span className="sr-only">{t("actions")}</span>
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
                      · {t("usedBy", { datasets: i.escalations.map((u) => u.dataset).join(", ") })}
                    </span>
                  )}
                </td>
                <td className="num">{i.verdicts}</td>
                <td>{dateTime(i.createdAt)}</td>
                <td>
                  <button className="btn-link" disabled={remove.isPending} onClick={() => ask(i)}>
                    {t("remove")}
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
