/**
 * The pair browser's filters as one GET form: submitting it loads the first page of what it selects, its address the
 * filter (the page keeps the sort, the direction, the columns and the page size in hidden fields). A filter on
 * strength or dimensions is offered where a dataset asks them.
 */
import Link from "next/link";
import { useTranslations } from "next-intl";
import {
  PAIR_AGREEMENTS,
  PAIR_STATUSES,
  pairQueryParams,
  type PairFilterOptions,
  type PairQuery,
} from "@/lib/review/browser";

/** The fixed choices' values, each worded by its message (Pairs.filter.<name>Choices.<value>). */
const SELECTS = {
  in: ["all", "rationales", "request"],
  gold: ["real", "gold"],
  corrected: ["corrected", "verification", "none"],
  review: ["rejected", "reviewed", "unreviewed"],
  judgeVs: ["disagrees", "agrees"],
} as const;

const MORE = ["versus", "gold", "corrected", "review", "expert", "judge", "judge_vs", "strength", "dimension"] as const;

export function PairFilters({ q, options, filtered }: { q: PairQuery; options: PairFilterOptions; filtered: boolean }) {
  const t = useTranslations("Pairs");
  const choices = (name: keyof typeof SELECTS) =>
    Object.fromEntries(SELECTS[name].map((v) => [v, t(`filter.${name}Choices.${v}`)]));
  const any = t("filter.any");
  const datasets = q.dataset ? options.datasets.filter((d) => d.id === q.dataset) : options.datasets;
  const strength = datasets.some((d) => d.strength);
  const dimensions = datasets.flatMap((d) => d.dimensions.map((x) => ({ ...x, dataset: d.name })));
  const kept = pairQueryParams({ sort: q.sort, dir: q.dir, cols: q.cols, size: q.size });
  const dim = q.dimension ? `${q.dimension.key}:${q.dimension.answer}` : "";
  // The filters under "More filters" that are on: the section opens when any is.
  const more = MORE.filter((k) => q[k] !== undefined).length;
  return (
    <form method="get" action="/admin/pairs" role="search" aria-label={t("filter.region")} className="pair-filters">
      <label className="wide">
        {t("filter.search")}
        <input type="search" name="q" defaultValue={q.q ?? ""} placeholder={t("filter.placeholder")} />
      </label>
      <Select name="in" label={t("filter.in")} value={q.in ?? "all"} choices={choices("in")} blank={null} />
      <Select
        name="dataset"
        label={t("filter.dataset")}
        value={q.dataset}
        blank={any}
        choices={Object.fromEntries(options.datasets.map((d) => [d.id, d.name]))}
      />
      <Select
        name="destination"
        label={t("filter.destination")}
        value={q.destination}
        blank={any}
        choices={Object.fromEntries(options.destinations.map((d) => [d.id, d.name]))}
      />
      <Select
        name="status"
        label={t("filter.status")}
        value={q.status}
        choices={Object.fromEntries(PAIR_STATUSES.map((s) => [s, t(`statuses.${s}`)]))}
        blank={any}
      />
      <Select
        name="agreement"
        label={t("filter.agreement")}
        value={q.agreement}
        choices={Object.fromEntries(PAIR_AGREEMENTS.map((a) => [a, t(`agreements.${a}`)]))}
        blank={any}
      />
      <Select
        name="planner"
        label={t("filter.planner")}
        value={q.planner}
        blank={any}
        choices={Object.fromEntries(options.planners.map((p) => [p, p]))}
      />
      <details className="more-filters" open={more > 0}>
        <summary>{more > 0 ? t("filter.moreOn", { count: more }) : t("filter.more")}</summary>
        <div className="more-filters-grid">
          <Select
            name="versus"
            label={t("filter.versus")}
            value={q.versus}
            blank={any}
            choices={Object.fromEntries(options.planners.map((p) => [p, p]))}
          />
          <Select name="gold" label={t("filter.gold")} value={q.gold} choices={choices("gold")} blank={any} />
          <Select
            name="corrected"
            label={t("filter.corrected")}
            value={q.corrected}
            choices={choices("corrected")}
            blank={any}
          />
          <Select name="review" label={t("filter.review")} value={q.review} choices={choices("review")} blank={any} />
          <Select
            name="expert"
            label={t("filter.expert")}
            value={q.expert}
            blank={any}
            choices={Object.fromEntries(options.experts.map((e) => [e.id, e.name]))}
          />
          {options.judges.length > 0 && (
            <>
              <Select
                name="judge"
                label={t("filter.judge")}
                value={q.judge}
                choices={Object.fromEntries(options.judges.map((j) => [j, j]))}
                blank={t("filter.anyJudge")}
              />
              <Select
                name="judge_vs"
                label={t("filter.judgeVs")}
                value={q.judge_vs}
                choices={choices("judgeVs")}
                blank={any}
              />
            </>
          )}
          {(strength || q.strength) && (
            <Select
              name="strength"
              label={t("filter.strength")}
              value={q.strength ? String(q.strength) : undefined}
              choices={Object.fromEntries(["1", "2", "3"].map((s) => [s, t(`filter.strengths.${s}`)]))}
              blank={any}
            />
          )}
          {(dimensions.length > 0 || q.dimension) && (
            <Select
              name="dimension"
              label={t("filter.dimension")}
              value={dim || undefined}
              choices={Object.fromEntries(
                dimensions.flatMap((d) =>
                  (["A", "B", "SAME", "NA"] as const).map((a) => [
                    `${d.key}:${a}`,
                    t(datasets.length > 1 ? "filter.dimensionAnswerIn" : "filter.dimensionAnswer", {
                      name: d.name,
                      answer: a === "SAME" || a === "NA" ? t(`filter.answers.${a}`) : a,
                      dataset: d.dataset,
                    }),
                  ]),
                ),
              )}
              blank={any}
            />
          )}
        </div>
      </details>
      {[...kept].map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <div className="actions-row">
        <button className="btn primary" type="submit">
          {t("filter.apply")}
        </button>
        {filtered && (
          <Link className="btn" href={`/admin/pairs${kept.size ? `?${kept}` : ""}`} prefetch={false}>
            {t("filter.clear")}
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
  blank,
}: {
  name: string;
  label: string;
  value: string | undefined;
  choices: Record<string, string>;
  /** The "any" choice's text; null: no such choice. */
  blank: string | null;
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
