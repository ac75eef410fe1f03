/**
 * The columns to show: a GET form of checkboxes (`cols`), the filter and sort kept in hidden fields, so the choice is
 * in the address like the rest.
 */
import { useTranslations } from "next-intl";
import { PAIR_COLUMNS, pairQueryParams, type PairColumn, type PairQuery } from "@/lib/review/browser";

export function PairColumns({ q, columns }: { q: PairQuery; columns: readonly PairColumn[] }) {
  const t = useTranslations("Pairs");
  const kept = pairQueryParams({ ...q, cols: undefined, after: undefined, before: undefined });
  return (
    <details className="pair-columns">
      <summary className="btn small">{t("columnsButton")}</summary>
      <form method="get" action="/admin/pairs" aria-label={t("columnsToShow")}>
        <fieldset>
          <legend className="sr-only">{t("columnsToShow")}</legend>
          {PAIR_COLUMNS.map((c) => (
            <label key={c} className="checkbox">
              <input type="checkbox" name="cols" value={c} defaultChecked={columns.includes(c)} />
              {t(`columns.${c}`)}
            </label>
          ))}
        </fieldset>
        {[...kept].map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <button className="btn primary small" type="submit">
          {t("showColumns")}
        </button>
      </form>
    </details>
  );
}
