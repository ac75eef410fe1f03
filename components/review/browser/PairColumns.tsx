/**
 * The columns to show: a GET form of checkboxes (`cols`), the filter and sort kept in hidden fields, so the choice is
 * in the address like the rest.
 */
import { PAIR_COLUMNS, pairQueryParams, type PairColumn, type PairQuery } from "@/lib/review/browser";
import { COLUMN_NAMES } from "./PairTable";

export function PairColumns({ q, columns }: { q: PairQuery; columns: readonly PairColumn[] }) {
  const kept = pairQueryParams({ ...q, cols: undefined, after: undefined, before: undefined });
  return (
    <details className="pair-columns">
      <summary className="btn small">Columns</summary>
      <form method="get" action="/admin/pairs" aria-label="Columns to show">
        <fieldset>
          <legend className="sr-only">Columns to show</legend>
          {PAIR_COLUMNS.map((c) => (
            <label key={c} className="checkbox">
              <input type="checkbox" name="cols" value={c} defaultChecked={columns.includes(c)} />
              {COLUMN_NAMES[c]}
            </label>
          ))}
        </fieldset>
        {[...kept].map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <button className="btn primary small" type="submit">
          Show these columns
        </button>
      </form>
    </details>
  );
}
