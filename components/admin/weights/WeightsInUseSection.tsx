"use client";
/** The weights in use, since when and why, and their history: restoring an earlier change or TripScore's defaults. */
import { useTranslations } from "next-intl";
import type { FitsAnswer } from "@/lib/platform/browser";
import { useFormat } from "../../format";
import type { useRestoreWeights } from "../mutations";

export function WeightsInUseSection({
  state,
  usingDefaults,
  restore,
}: {
  state: FitsAnswer | undefined;
  usingDefaults: boolean;
  restore: ReturnType<typeof useRestoreWeights>;
}) {
  const t = useTranslations("Weights.inUse");
  const { dateTime } = useFormat();
  const inUse = state?.inUse;
  return (
    <section className="card">
      <h2>{t("title")}</h2>
      <p>
        {inUse?.adoption ? (
          <>
            {t("since", { at: dateTime(inUse.adoption.createdAt) })} <strong>{inUse.adoption.note}</strong>
          </>
        ) : (
          <>{t("defaults")}</>
        )}
      </p>
      <table className="table" aria-label={t("history")}>
        <thead>
          <tr>
            <th>{t("changed")}</th>
            <th>{t("by")}</th>
            <th>{t("weights")}</th>
            <th>
              <span className="sr-only">{t("actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {state?.history.map((h, i) => (
            <tr key={h.id}>
              <td>{dateTime(h.createdAt)}</td>
              <td>{h.actor ?? "—"}</td>
              <td>
                {h.note}
                {i === 0 ? ` ${t("current")}` : ""}
              </td>
              <td>
                {i > 0 && (
                  <button className="btn small" onClick={() => restore.mutate(h.id)} disabled={restore.isPending}>
                    {t("restore")}
                  </button>
                )}
              </td>
            </tr>
          ))}
          <tr>
            <td colSpan={3} className="muted">
              {t("published")}
            </td>
            <td>
              {!usingDefaults && (
                <button className="btn small" onClick={() => restore.mutate("defaults")} disabled={restore.isPending}>
                  {t("restore")}
                </button>
              )}
            </td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}
