"use client";
/** Before an expert's judgments are removed: what agreement becomes without them, and how many pairs reopen; then the removal. */
import { useTranslations } from "next-intl";
import { Modal } from "../../Modal";
import type { QualityExpert, RemovalPreviewAnswer } from "@/lib/platform/browser";
import { fixed, useFormat } from "../../format";
import { useErrorText } from "../../i18n";
import { useRemoveJudgments } from "../mutations";
import { useRemovalPreview } from "../queries";

type Figures = RemovalPreviewAnswer["before"];

/** Before an expert's judgments go: what agreement becomes without them, and how many pairs reopen. */
export function RemoveJudgmentsDialog({ e, onClose }: { e: QualityExpert; onClose: () => void }) {
  const t = useTranslations("Quality.remove");
  const errorText = useErrorText();
  const { pct } = useFormat();
  const preview = useRemovalPreview(e.userId);
  const remove = useRemoveJudgments();
  const p = preview.data;
  const row = (label: string, k: keyof Figures, fmt: (v: number | null) => string) => (
    <tr>
      <td>{label}</td>
      <td className="num">{p ? fmt(p.before[k]) : ""}</td>
      <td className="num">{p ? fmt(p.after[k]) : ""}</td>
    </tr>
  );
  return (
    <Modal onClose={onClose} label={t("dialogLabel", { name: e.name })}>
      <h2>{t("title", { name: e.name })}</h2>
      {!p && <p>{t("working")}</p>}
      {p && (
        <>
          <p>{t("effect", { judgments: String(p.judgments), reopened: String(p.reopened), name: e.name })}</p>
          <table className="table" aria-label={t("tableLabel")}>
            <thead>
              <tr>
                <th>
                  <span className="sr-only">{t("figure")}</span>
                </th>
                <th className="num">{t("now")}</th>
                <th className="num">{t("after")}</th>
              </tr>
            </thead>
            <tbody>
              {row(t("pairs"), "pairs", (v) => String(v ?? "—"))}
              {row(t("pairwise"), "pairwiseAgreement", (v) => pct(v))}
              {row("Fleiss' κ", "fleissKappa", (v) => fixed(v, 2))}
              {row("Krippendorff's α", "krippendorffAlpha", (v) => fixed(v, 2))}
            </tbody>
          </table>
        </>
      )}
      {remove.data && (
        <p className="ok" role="status">
          {t("removed", { judgments: String(remove.data.judgments), pairs: String(remove.data.pairs) })}
        </p>
      )}
      {remove.error && (
        <p className="error" role="alert">
          {errorText(remove.error)}
        </p>
      )}
      <div className="verdict-actions">
        {!remove.data && (
          <button
            className="btn danger"
            type="button"
            disabled={!p || remove.isPending || p.judgments === 0}
            onClick={() => remove.mutate(e.userId)}
          >
            {t("button", { judgments: String(p?.judgments ?? "") })}
          </button>
        )}
        <button className="btn" type="button" onClick={onClose}>
          {remove.data ? t("close") : t("cancel")}
        </button>
      </div>
    </Modal>
  );
}
