import { useTranslations } from "next-intl";
import type { AssignmentView } from "@/lib/judging/browser";

/** The preferences shown (their labels: Judge.request.prefs.*); their values are the dataset's, never translated. */
const PREFS = new Set(["budget", "pacing", "pace", "attractionTypes", "effort", "persona"]);

export function RequestPanel({ query }: { query: AssignmentView["query"] }) {
  const t = useTranslations("Judge.request");
  const prefs = Object.entries(query.preferences).filter(
    ([k, v]) => PREFS.has(k) && v !== undefined && v !== null && v !== "",
  );
  return (
    <section className="request" aria-label={t("region")}>
      <p className="request-text">{query.text}</p>
      <dl className="request-facts">
        <div>
          <dt>{t("to")}</dt>
          <dd>
            {query.destination.name}, {query.destination.country}
          </dd>
        </div>
        {query.origin && (
          <div>
            <dt>{t("from")}</dt>
            <dd>{query.origin}</dd>
          </div>
        )}
        <div>
          <dt>{t("days")}</dt>
          <dd>
            {query.days}
            {query.startDate && t("fromDate", { date: query.startDate })}
          </dd>
        </div>
        <div>
          <dt>{t("travellers")}</dt>
          <dd>{query.people}</dd>
        </div>
        {prefs.map(([k, v]) => (
          <div key={k}>
            <dt>{t(`prefs.${k}`)}</dt>
            <dd>{Array.isArray(v) ? v.join(", ") : String(v)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
