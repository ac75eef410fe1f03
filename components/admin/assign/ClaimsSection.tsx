"use client";
/** The pairs experts hold right now, with their leases: release one, or hand it to another expert of the destination. */
import type { OverviewAnswer } from "@/lib/platform/browser";
import { useTranslations } from "next-intl";
import { useFormat } from "../../format";
import { useReassignClaim, useReleaseClaim, type Then } from "../mutations";

export function ClaimsSection({
  o,
  fam,
  then,
}: {
  o: OverviewAnswer;
  /** Familiarity by `${userId}|${destinationId}`: a claim goes only to an expert of its destination. */
  fam: Map<string, number>;
  then: Then<unknown, unknown>;
}) {
  const t = useTranslations("Assign.claims");
  const { clock } = useFormat();
  const release = useReleaseClaim(then);
  const reassign = useReassignClaim(then);
  return (
    <section className="card">
      <h2>{t("title")}</h2>
      {o.claims.length === 0 ? (
        <p className="muted">{t("none")}</p>
      ) : (
        <table className="table" aria-label={t("title")}>
          <thead>
            <tr>
              <th>{t("expert")}</th>
              <th>{t("destination")}</th>
              <th>{t("pair")}</th>
              <th className="num">{t("slot")}</th>
              <th>{t("claimed")}</th>
              <th>{t("lease")}</th>
              <th>
                <span className="sr-only">{t("actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {o.claims.map((c) => (
              <tr key={c.id} data-testid={`claim-${c.expert.name}`}>
                <td>{c.expert.name}</td>
                <td>{c.destination}</td>
                <td>
                  <code>{c.pairId.slice(0, 8)}</code>
                </td>
                <td className="num">{c.slot}</td>
                <td>{clock(c.claimedAt)}</td>
                <td>
                  {c.expired ? (
                    <span className="error">{t("expired")}</span>
                  ) : (
                    t("until", { time: clock(c.leaseExpiresAt) })
                  )}
                </td>
                <td>
                  <div className="actions">
                    <button className="btn small" onClick={() => release.mutate(c.id)}>
                      {t("release")}
                    </button>
                    <select
                      aria-label={t("reassignLabel", { name: c.expert.name })}
                      value=""
                      onChange={(e) =>
                        e.target.value && reassign.mutate({ assignmentId: c.id, userId: e.target.value })
                      }
                    >
                      <option value="">{t("reassignTo")}</option>
                      {o.experts
                        .filter((x) => x.id !== c.expert.id && x.active && fam.has(`${x.id}|${c.destinationId}`))
                        .map((x) => (
                          <option key={x.id} value={x.id}>
                            {x.name}
                          </option>
                        ))}
                    </select>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
