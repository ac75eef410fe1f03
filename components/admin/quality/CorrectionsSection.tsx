"use client";
/**
 * Plan corrections and their blind verification, per corrector: how many were verified (two other experts
 * preferred the correction), rejected or still pending, and the verified share of those decided. An expert whose
 * corrections are rejected more often than verified is shown first and marked. Below, per defect kind, what
 * corrections of gold pairs' altered plans did to the injected defect: a measure of the editor and the experts.
 */
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { GoldOutcomeRow } from "@/lib/quality/gold/browser";
import type { CorrectorRow } from "@/lib/corrections/browser";
import { api } from "../../api";
import { useFormat } from "../../format";
import { KEYS } from "../../keys";

export function CorrectionsSection() {
  const t = useTranslations("Quality.corrections");
  const { pct } = useFormat();
  const q = useQuery({
    queryKey: [...KEYS.quality, "corrections"],
    queryFn: () => api<{ correctors: CorrectorRow[]; gold: GoldOutcomeRow[] }>("/api/admin/corrections"),
  });
  if (!q.data?.correctors.length && !q.data?.gold.length) return null;
  return (
    <section className="card" data-testid="correctors">
      <h2>{t("title")}</h2>
      <p className="muted small">{t("intro")}</p>
      {q.data.correctors.length > 0 && (
        <table className="table" aria-label={t("correctorsLabel")}>
          <thead>
            <tr>
              <th>{t("expert")}</th>
              <th className="num">{t("corrections")}</th>
              <th className="num">{t("verified")}</th>
              <th className="num">{t("rejected")}</th>
              <th className="num">{t("pending")}</th>
              <th className="num">{t("verifiedShare")}</th>
              <th>
                <span className="sr-only">{t("actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {q.data.correctors.map((c) => (
              <tr key={c.userId}>
                <td>{c.name}</td>
                <td className="num">{c.corrections}</td>
                <td className="num">{c.verified}</td>
                <td className="num">{c.rejected}</td>
                <td className="num">{c.pending}</td>
                <td className="num">{c.verifiedShare === null ? "—" : pct(c.verifiedShare)}</td>
                <td>{c.mostlyRejected && <span className="badge status-failed">{t("mostlyRejected")}</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {q.data.gold.length > 0 && <GoldOutcomes rows={q.data.gold} />}
    </section>
  );
}

function GoldOutcomes({ rows }: { rows: GoldOutcomeRow[] }) {
  const t = useTranslations("Quality.corrections");
  const td = useTranslations("Quality.defects");
  const { pct } = useFormat();
  return (
    <>
      <h3>{t("goldTitle")}</h3>
      <p className="muted small">{t.rich("goldIntro", { em: (c) => <em>{c}</em> })}</p>
      <table className="table" aria-label={t("goldLabel")}>
        <thead>
          <tr>
            <th>{t("defect")}</th>
            <th className="num">{t("corrections")}</th>
            <th className="num">{t("undone")}</th>
            <th className="num">{t("fixedAnotherWay")}</th>
            <th className="num">{t("left")}</th>
            <th className="num">{t("undoneShare")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.kind}>
              <td>{td.has(r.kind) ? td(r.kind) : r.kind}</td>
              <td className="num">{r.corrections}</td>
              <td className="num">{r.undone}</td>
              <td className="num">{r.fixed}</td>
              <td className="num">{r.left}</td>
              <td className="num">{r.undoneShare === null ? "—" : pct(r.undoneShare)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
