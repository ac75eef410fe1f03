/**
 * The pair browser's filters as one GET form: submitting it loads the first page of what it selects, its address the
 * filter (the page keeps the sort, the direction, the columns and the page size in hidden fields). A filter on
 * strength or dimensions is offered where a dataset asks them.
 */
import Link from "next/link";
import {
  AGREEMENT_LABELS,
  PAIR_AGREEMENTS,
  PAIR_STATUSES,
  STATUS_LABELS,
  pairQueryParams,
  type PairFilterOptions,
  type PairQuery,
} from "@/lib/review/browser";

const SELECTS = {
  in: { all: "rationales and requests", rationales: "rationales", request: "request texts" },
  gold: { real: "real pairs", gold: "promoted to gold" },
  corrected: { corrected: "a plan corrected", verification: "verifies a correction", none: "neither" },
  review: { rejected: "a judgment rejected", reviewed: "reviewed", unreviewed: "not reviewed" },
  judge_vs: { disagrees: "disagrees with the experts", agrees: "agrees with the experts" },
} as const;

const MORE = ["versus", "gold", "corrected", "review", "expert", "judge", "judge_vs", "strength", "dimension"] as const;

export function PairFilters({ q, options, filtered }: { q: PairQuery; options: PairFilterOptions; filtered: boolean }) {
  const datasets = q.dataset ? options.datasets.filter((d) => d.id === q.dataset) : options.datasets;
  const strength = datasets.some((d) => d.strength);
  const dimensions = datasets.flatMap((d) => d.dimensions.map((x) => ({ ...x, dataset: d.name })));
  const kept = pairQueryParams({ sort: q.sort, dir: q.dir, cols: q.cols, size: q.size });
  const dim = q.dimension ? `${q.dimension.key}:${q.dimension.answer}` : "";
  // The filters under "More filters" that are on: the section opens when any is.
  const more = MORE.filter((k) => q[k] !== undefined).length;
  return (
    <form method="get" action="/admin/pairs" role="search" aria-label="Filter pairs" className="pair-filters">
      <label className="wide">
        Search
        <input
          type="search"
          name="q"
          defaultValue={q.q ?? ""}
          placeholder='opening hours, 开放时间, "a phrase", -word'
        />
      </label>
      <Select name="in" label="Search in" value={q.in ?? "all"} choices={SELECTS.in} blank={null} />
      <Select
        name="dataset"
        label="Dataset"
        value={q.dataset}
        choices={Object.fromEntries(options.datasets.map((d) => [d.id, d.name]))}
      />
      <Select
        name="destination"
        label="Destination"
        value={q.destination}
        choices={Object.fromEntries(options.destinations.map((d) => [d.id, d.name]))}
      />
      <Select
        name="status"
        label="Status"
        value={q.status}
        choices={Object.fromEntries(PAIR_STATUSES.map((s) => [s, STATUS_LABELS[s]]))}
      />
      <Select
        name="agreement"
        label="Agreement"
        value={q.agreement}
        choices={Object.fromEntries(PAIR_AGREEMENTS.map((a) => [a, AGREEMENT_LABELS[a]]))}
      />
      <Select
        name="planner"
        label="Planner (either plan)"
        value={q.planner}
        choices={Object.fromEntries(options.planners.map((p) => [p, p]))}
      />
      <details className="more-filters" open={more > 0}>
        <summary>More filters{more > 0 ? ` (${more} on)` : ""}</summary>
        <div className="more-filters-grid">
          <Select
            name="versus"
            label="Against planner"
            value={q.versus}
            choices={Object.fromEntries(options.planners.map((p) => [p, p]))}
          />
          <Select name="gold" label="Gold or real" value={q.gold} choices={SELECTS.gold} />
          <Select name="corrected" label="Corrected plans" value={q.corrected} choices={SELECTS.corrected} />
          <Select name="review" label="Reviews" value={q.review} choices={SELECTS.review} />
          <Select
            name="expert"
            label="Judged by expert"
            value={q.expert}
            choices={Object.fromEntries(options.experts.map((e) => [e.id, e.name]))}
          />
          {options.judges.length > 0 && (
            <>
              <Select
                name="judge"
                label="Automatic judge"
                value={q.judge}
                choices={Object.fromEntries(options.judges.map((j) => [j, j]))}
                blank="any judge"
              />
              <Select name="judge_vs" label="Judge vs experts' label" value={q.judge_vs} choices={SELECTS.judge_vs} />
            </>
          )}
          {(strength || q.strength) && (
            <Select
              name="strength"
              label="A judgment's strength"
              value={q.strength ? String(q.strength) : undefined}
              choices={{ "1": "1 slightly", "2": "2 clearly", "3": "3 decisively" }}
            />
          )}
          {(dimensions.length > 0 || q.dimension) && (
            <Select
              name="dimension"
              label="A dimension's answer"
              value={dim || undefined}
              choices={Object.fromEntries(
                dimensions.flatMap((d) =>
                  (["A", "B", "SAME", "NA"] as const).map((a) => [
                    `${d.key}:${a}`,
                    `${d.name}: ${a === "SAME" ? "about the same" : a === "NA" ? "not applicable" : a}${datasets.length > 1 ? ` (${d.dataset})` : ""}`,
                  ]),
                ),
              )}
            />
          )}
        </div>
      </details>
      {[...kept].map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <div className="actions-row">
        <button className="btn primary" type="submit">
          Apply
        </button>
        {filtered && (
          <Link className="btn" href={`/admin/pairs${kept.size ? `?${kept}` : ""}`} prefetch={false}>
            Clear filters
          </Link>
        )}
      </div>
    </form>
  );
}

function Select({
  name,
  label,
  value,
  choices,
  blank = "any",
}: {
  name: string;
  label: string;
  value: string | undefined;
  choices: Record<string, string>;
  blank?: string | null;
}) {
  return (
    <label>
      {label}
      <select name={name} defaultValue={value ?? ""}>
        {blank !== null && <option value="">{blank}</option>}
        {Object.entries(choices).map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
        {/* A value from a shared address that this list no longer offers stays chosen, as it is. */}
        {value && !(value in choices) && <option value={value}>{value}</option>}
      </select>
    </label>
  );
}
