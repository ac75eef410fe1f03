"use client";
/** What the correction changed so far, one row per operation (lib/corrections editList). */
import { useTranslations } from "next-intl";
import type { EditRow } from "@/lib/corrections/browser";
import { useReasonLabel } from "./reasons";

export function EditListPanel({ rows }: { rows: EditRow[] }) {
  const t = useTranslations("Correct.edits");
  const tp = useTranslations("Plan");
  const reasonLabel = useReasonLabel();
  return (
    <section className="edit-list" aria-label={t("region")}>
      <h2>
        {t("region")} {rows.length > 0 && <span className="muted small">({rows.length})</span>}
      </h2>
      {rows.length === 0 ? (
        <p className="muted small">{t("none")}</p>
      ) : (
        <ol data-testid="edit-list">
          {rows.map((r, i) => (
            <li key={i}>
              <span className="edit-where">{tp("day", { n: r.day })}</span> {t(`verbs.${r.op}`)}{" "}
              <strong>{r.name || t("anItem")}</strong>
              {(r.from || r.to) && (
                <span className="muted">
                  {" "}
                  {r.from ?? ""}
                  {r.from && r.to ? " → " : ""}
                  {r.to ?? ""}
                </span>
              )}
              <div className="muted small">
                {t("because")} {reasonLabel(r.reason.kind)}
                {r.reason.text ? ` — ${r.reason.text}` : ""}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
