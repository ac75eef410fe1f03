import Link from "next/link";
import { AppHeader } from "@/components/AppHeader";
import { db } from "@/lib/platform/db";
import { waitingPairsByDestination } from "@/lib/judging/store";
import { recentlyJudged } from "@/lib/corrections/store";
import { rejectedJudgmentsOf } from "@/lib/review/store";
import { getFormatter, getTranslations } from "next-intl/server";
import { CorrectLinks } from "@/components/judge/CorrectOffer";
import { requirePageUser } from "@/lib/platform/next";

export const dynamic = "force-dynamic";

export default async function ExpertHome() {
  const user = await requirePageUser("EXPERT");
  const [rows, judged, rejected, me] = await Promise.all([
    waitingPairsByDestination(db(), user.id),
    recentlyJudged(db(), user.id, 10),
    rejectedJudgmentsOf(db(), user.id, 20),
    db().user.findUnique({ where: { id: user.id }, select: { standing: true } }),
  ]);
  const total = rows.reduce((n, r) => n + r.waiting, 0);
  const t = await getTranslations("Expert");
  const tv = await getTranslations("Verdict");
  const format = await getFormatter();
  // The server renders this page: times in UTC as ISO dates, which read the same in every language.
  const when = (d: Date) => `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  const cut = (request: string) => (request.length > 90 ? `${request.slice(0, 89)}…` : request);
  return (
    <>
      <AppHeader user={user} />
      <main className="page">
        <h1>{t("welcome", { name: user.name.split(" ")[0] })}</h1>
        <p className="lead" data-testid="waiting-total">
          {total === 0 ? t("noneWaiting") : t("waiting", { count: total })}
        </p>
        {total > 0 && (
          <p>
            <Link className="btn primary" href="/judge">
              {t("start")}
            </Link>
          </p>
        )}
        {rows.length === 0 ? (
          <p className="muted">{t("noDestinations")}</p>
        ) : (
          <table className="table" aria-label={t("waitingTable")}>
            <thead>
              <tr>
                <th>{t("destination")}</th>
                <th>{t("familiarity")}</th>
                <th className="num">{t("pairsWaiting")}</th>
                <th>
                  <span className="sr-only">{t("actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.destinationId} data-testid={`dest-${r.name}`}>
                  <td>
                    {r.name}, <span className="muted">{r.country}</span>
                  </td>
                  <td>
                    <span className="stars" aria-label={t("stars", { value: r.familiarity })}>
                      {"●".repeat(r.familiarity)}
                      <span className="dim">{"●".repeat(5 - r.familiarity)}</span>
                    </span>
                  </td>
                  <td className="num">{format.number(r.waiting)}</td>
                  <td>
                    {r.waiting > 0 && (
                      <Link className="btn small" href={`/judge?destination=${r.destinationId}`}>
                        {t("judgeIn", { destination: r.name })}
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {rejected.length > 0 && (
          <section className="card" aria-labelledby="rejected-title">
            <h2 id="rejected-title">{t("rejectedTitle")}</h2>
            <p className="muted small">{t("rejectedLead")}</p>
            <table className="table" aria-label={t("rejectedTitle")}>
              <thead>
                <tr>
                  <th>{t("rejected")}</th>
                  <th>{t("destination")}</th>
                  <th>{t("request")}</th>
                  <th>{t("yourVerdict")}</th>
                  <th>{t("reason")}</th>
                </tr>
              </thead>
              <tbody>
                {rejected.map((r) => (
                  <tr key={r.judgmentId} data-testid={`rejected-${r.pairId}`}>
                    <td className="nowrap">{when(r.rejectedAt)}</td>
                    <td>{r.destination}</td>
                    <td className="small">{cut(r.request)}</td>
                    <td className="small">
                      {r.verdict === "NEITHER" ? tv("neither") : tv("better", { plan: r.verdict })}
                      <span className="muted">{t("leftWas", { plan: r.leftPlan })}</span>
                      <details>
                        <summary>{t("yourRationale")}</summary>
                        {r.rationale}
                      </details>
                    </td>
                    <td data-testid="rejection-reason" className="typed">
                      {r.reason}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
        {/* Correcting needs good standing (lib/accounts/permissions.ts mayCorrect): the list is for active experts. */}
        {me?.standing === "ACTIVE" && judged.length > 0 && (
          <section className="card">
            <h2>{t("judgedTitle")}</h2>
            <p className="muted small">{t("judgedLead")}</p>
            <table className="table" aria-label={t("judgedTitle")}>
              <thead>
                <tr>
                  <th>{t("judged")}</th>
                  <th>{t("destination")}</th>
                  <th>{t("request")}</th>
                  <th>
                    <span className="sr-only">{t("actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {judged.map((j) => (
                  <tr key={j.pairId}>
                    <td className="nowrap">{when(j.at)}</td>
                    <td>{j.destination}</td>
                    <td className="small">{cut(j.request)}</td>
                    <td className="nowrap">
                      <CorrectLinks pairId={j.pairId} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </main>
    </>
  );
}
