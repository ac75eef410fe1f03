"use client";
/**
 * Destinations of experts and reviewers: familiarity 1–5 per person and destination, one at a time or for a selection.
 * An expert judges their destinations' pairs; a reviewer reviews their judgments (docs/reviewers.md).
 */
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { OverviewAnswer } from "@/lib/platform/browser";
import { useSetFamiliarity, type Then } from "../mutations";

const toggle = (set: Set<string>, id: string, on: boolean) => {
  const next = new Set(set);
  if (on) next.add(id);
  else next.delete(id);
  return next;
};

export function FamiliaritySection({
  o,
  fam,
  then,
}: {
  o: OverviewAnswer;
  /** Familiarity by `${userId}|${destinationId}`. */
  fam: Map<string, number>;
  then: Then<unknown, unknown>;
}) {
  const t = useTranslations("Assign.familiarity");
  const [pickedExperts, setPickedExperts] = useState<Set<string>>(new Set());
  const [pickedDest, setPickedDest] = useState<Set<string>>(new Set());
  const [bulkLevel, setBulkLevel] = useState(3);
  const set = useSetFamiliarity(then);
  const setFam = (userIds: string[], destinationIds: string[], familiarity: number) =>
    set.mutate({ userIds, destinationIds, familiarity });
  return (
    <section className="card">
      <h2>{t("title")}</h2>
      <p className="muted small">
        {t("help")}
        {o.destinationsWithoutPairs > 0 && t("withoutPairs", { count: o.destinationsWithoutPairs })}
      </p>
      <div className="scroll-x">
        <table className="table matrix" aria-label={t("table")}>
          <thead>
            <tr>
              <th>
                <span className="sr-only">{t("select")}</span>
              </th>
              <th>{t("person")}</th>
              {o.destinations.map((d) => (
                <th key={d.id}>
                  <label className="checkbox small">
                    <input
                      type="checkbox"
                      checked={pickedDest.has(d.id)}
                      onChange={(e) => setPickedDest(toggle(pickedDest, d.id, e.target.checked))}
                      aria-label={t("selectName", { name: d.name })}
                    />
                    {d.name}
                    {d.pairs === 0 && <span className="muted">{t("noPairs")}</span>}
                  </label>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[
              ...o.experts.map((e) => ({ ...e, reviewer: false })),
              ...o.reviewers.map((e) => ({ ...e, reviewer: true })),
            ].map((e) => (
              <tr key={e.id} className={e.active ? "" : "inactive"}>
                <td>
                  <input
                    type="checkbox"
                    checked={pickedExperts.has(e.id)}
                    onChange={(ev) => setPickedExperts(toggle(pickedExperts, e.id, ev.target.checked))}
                    aria-label={t("selectName", { name: e.name })}
                  />
                </td>
                <td>
                  {e.name}
                  {e.reviewer && <span className="muted small">{t("reviewer")}</span>}
                </td>
                {o.destinations.map((d) => (
                  <td key={d.id}>
                    <select
                      aria-label={t("cell", { person: e.name, destination: d.name })}
                      value={fam.get(`${e.id}|${d.id}`) ?? 0}
                      onChange={(ev) => setFam([e.id], [d.id], Number(ev.target.value))}
                    >
                      <option value={0}>—</option>
                      {[1, 2, 3, 4, 5].map((n) => (
                        <option key={n} value={n}>
                          {n}
                        </option>
                      ))}
                    </select>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="inline-form">
        <span className="small">
          {t("picked", { experts: String(pickedExperts.size), destinations: String(pickedDest.size) })}
        </span>
        <label>
          {t("level")}
          <select value={bulkLevel} onChange={(e) => setBulkLevel(Number(e.target.value))}>
            {[1, 2, 3, 4, 5].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <button
          className="btn"
          disabled={!pickedExperts.size || !pickedDest.size}
          onClick={() => setFam([...pickedExperts], [...pickedDest], bulkLevel)}
        >
          {t("assign")}
        </button>
        <button
          className="btn"
          disabled={!pickedExperts.size || !pickedDest.size}
          onClick={() => setFam([...pickedExperts], [...pickedDest], 0)}
        >
          {t("remove")}
        </button>
      </div>
    </section>
  );
}
