"use client";
/** One expert's row on the quality page: standing with the admin's actions, gold, reviews, skips, peers, the models' figures, flags. */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { fixed, useFormat } from "../../format";
import type { QualityExpert, StandingAnswer } from "@/lib/platform/browser";
import { RemoveJudgmentsDialog } from "./RemoveJudgmentsDialog";

/** The admin's actions per standing (their words: Quality.expertRow.actions.<action>). */
const ACTIONS: Record<string, StandingAnswer["action"][]> = {
  PAUSED: ["resume"],
  QUALIFICATION_FAILED: ["pass", "requalify"],
  QUALIFYING: ["pass", "fail"],
  ACTIVE: ["requalify"],
};

export function ExpertRow({
  e,
  onAction,
  busy,
}: {
  e: QualityExpert;
  onAction: (action: StandingAnswer["action"]) => void;
  busy: boolean;
}) {
  const t = useTranslations("Quality.expertRow");
  const { pct, pctOf } = useFormat();
  const [removing, setRemoving] = useState(false);
  return (
    <tr data-testid={`quality-${e.email}`}>
      <td>
        {e.name}
        <div className="muted small">{e.email}</div>
      </td>
      <td>
        <span className={`standing-${e.standing}`}>
          {t.has(`standing.${e.standing}`) ? t(`standing.${e.standing}`) : undefined}
        </span>
        {/* The pause's reason is already the gold flag's explanation. */}
        {e.note && !e.flags.some((f) => f.message === e.note) && <div className="muted small">{e.note}</div>}
        <div className="actions">
          {(ACTIONS[e.standing] ?? []).map((action) => (
            <button key={action} type="button" className="btn small" disabled={busy} onClick={() => onAction(action)}>
              {t(`actions.${action}`)}
            </button>
          ))}
          {e.judgments > 0 && (
            <button type="button" className="btn small" onClick={() => setRemoving(true)}>
              {t("remove")}
            </button>
          )}
          {removing && <RemoveJudgmentsDialog e={e} onClose={() => setRemoving(false)} />}
        </div>
      </td>
      <td className="num">{e.qualification.answered ? `${e.qualification.right}/${e.qualification.answered}` : "—"}</td>
      <td className="num">
        <span className="nowrap">{e.gold.n ? `${e.gold.right}/${e.gold.n} · ${pct(e.gold.accuracy)}` : "—"}</span>
        {e.gold.ci95 && (
          <span className="muted small interval">
            {pct(e.gold.ci95[0])}–{pct(e.gold.ci95[1])}
          </span>
        )}
        {e.goldByDestination.length > 1 && (
          <div className="muted small">
            {e.goldByDestination.map((d) => `${d.destination} ${d.right}/${d.n}`).join(" · ")}
          </div>
        )}
      </td>
      <td className="num nowrap" data-testid="accept-rate">
        {e.reviews.accepted + e.reviews.rejected
          ? `${e.reviews.accepted}/${e.reviews.accepted + e.reviews.rejected} · ${pct(e.reviews.acceptRate)}`
          : "—"}
      </td>
      <td className="num">{e.judgments}</td>
      <td className="num nowrap" title={t("skipsTitle")}>
        {pctOf(e.skips.gold.skipped, e.skips.gold.served)}
        <div className="muted small">{pctOf(e.skips.real.skipped, e.skips.real.served)}</div>
      </td>
      <td className="num">{pct(e.peer.rate)}</td>
      <td className="num">{fixed(e.dsAccuracy, 2)}</td>
      <td className="num">{fixed(e.maceSpam, 2)}</td>
      <td>
        {e.flags.length ? (
          <ul className="flag-list">
            {e.flags.map((f) => (
              <li key={f.kind}>
                <strong>{t.has(`flags.${f.kind}`) ? t(`flags.${f.kind}`) : f.kind.replace("_", " ")}</strong>:{" "}
                {f.message}
              </li>
            ))}
          </ul>
        ) : (
          <span className="muted">—</span>
        )}
      </td>
    </tr>
  );
}
