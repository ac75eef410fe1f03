"use client";
/** The datasets imported so far, with their ids and counts. */
import { useTranslations } from "next-intl";
import { useFormat } from "../../format";
import { useDatasets } from "../queries";

export function DatasetsSection() {
  const t = useTranslations("Import.datasets");
  const { dateTime } = useFormat();
  const datasets = useDatasets();
  return (
    <section className="card">
      <h2>{t("title")}</h2>
      <table className="table" aria-label={t("title")}>
        <thead>
          <tr>
            <th>{t("name")}</th>
            <th>{t("format")}</th>
            <th className="num">{t("requests")}</th>
            <th className="num">{t("plans")}</th>
            <th className="num">{t("pairs")}</th>
            <th className="num">{t("unresolved")}</th>
            <th>{t("imported")}</th>
          </tr>
        </thead>
        <tbody>
          {datasets.data?.map((d) => (
            <tr key={d.id}>
              <td>
                {d.name}
                {/* The id the command line's --into and --dataset and the API's ?dataset= take. */}
                <div className="muted">
                  {t("id")} <code>{d.id}</code>
                </div>
              </td>
              <td>{d.format.toLowerCase()}</td>
              <td className="num">{d.counts.queries}</td>
              <td className="num">{d.counts.plans}</td>
              <td className="num">{d.counts.pairs}</td>
              <td className="num">{d.counts.unresolvedPlaces}</td>
              <td>
                {dateTime(d.createdAt)} {d.createdBy && <span className="muted">{t("by", { name: d.createdBy })}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
