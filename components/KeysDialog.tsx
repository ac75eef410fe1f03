"use client";
/** The "?" dialog of a keyboard-driven screen (judging, the review queue): its keys and what each does. */
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Modal } from "./Modal";

export interface KeyRow {
  keys: ReactNode;
  what: string;
}

export function KeysDialog({ rows, onClose }: { rows: KeyRow[]; onClose: () => void }) {
  const t = useTranslations("Keys");
  return (
    <Modal onClose={onClose} label={t("title")}>
      <h2>{t("title")}</h2>
      <table className="table" aria-label={t("table")}>
        <tbody>
          {rows.map((r) => (
            <tr key={r.what}>
              <td>{r.keys}</td>
              <td>{r.what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <button className="btn" onClick={onClose} autoFocus>
        {t("close")}
      </button>
    </Modal>
  );
}
