"use client";
/**
 * The experts on the quality page, those needing a decision first: standing and the admin's actions, gold
 * accuracy (Wilson 95 %), reviewers' accept rate, skips, peer agreement, Dawid–Skene accuracy, MACE spamming probability, flags.
 */
import { useTranslations } from "next-intl";
import type { QualityAnswer } from "@/lib/platform/browser";
import { useErrorText } from "../../i18n";
import { useSetStanding } from "../mutations";
import { ExpertRow } from "./ExpertRow";

const ORDER: Record<string, number> = { PAUSED: 0, QUALIFICATION_FAILED: 1, QUALIFYING: 2, ACTIVE: 3 };

export function ExpertsSection({ q }: { q: QualityAnswer }) {
  const t = useTranslations("Quality.experts");
  const errorText = useErrorText();
  const act = useSetStanding();
  const experts = [...q.experts].sort(
    (a, b) => ORDER[a.standing] - ORDER[b.standing] || b.flags.length - a.flags.length || a.name.localeCompare(b.name),
  );
  return (
    <section className="card">
      <h2>{t("title")}</h2>
      <p className="muted small">
        {t("intro", { judgments: String(q.models.judgments), pairs: String(q.models.pairs) })}
      </p>
      {act.error && (
        <p className="error" role="alert">
          {errorText(act.error)}
        </p>
      )}
      <div className="scroll-x">
        <table className="table quality-table" aria-label={t("tableLabel")}>
          <thead>
            <tr>
              <th>{t("expert")}</th>
              <th>{t("standing")}</th>
              <th className="num">{t("qualif")}</th>
              <th className="num">{t("gold")}</th>
              <th className="num" title={t("acceptedTitle")}>
                {t("accepted")}
              </th>
              <th className="num">{t("judged")}</th>
              <th className="num" title={t("skipsTitle")}>
                {t("skips")}
              </th>
              <th className="num" title={t("peersTitle")}>
                {t("peers")}
              </th>
              <th className="num" title={t("dsTitle")}>
                DS
              </th>
              <th className="num" title={t("maceTitle")}>
                MACE
              </th>
              <th>{t("flags")}</th>
            </tr>
          </thead>
          <tbody>
            {experts.map((e) => (
              <ExpertRow
                key={e.userId}
                e={e}
                busy={act.isPending}
                onAction={(action) => act.mutate({ userId: e.userId, action })}
              />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
