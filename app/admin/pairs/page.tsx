import Link from "next/link";
import { redirect } from "next/navigation";
import { db } from "@/lib/platform/db";
import { AppError } from "@/lib/kernel";
import { EXPORT_KINDS } from "@/lib/exports";
import {
  columnsOf,
  decodePairCursor,
  isFiltered,
  issuesText,
  pairQueryParams,
  parsePairQuery,
  type PairPage,
} from "@/lib/review";
import { pairFilterOptions, pairPage, reviewScope } from "@/lib/review/store";
import { requirePageUser } from "@/lib/platform/next";
import { REVIEW_ROLES } from "@/lib/accounts";
import { PairFilters } from "@/components/review/browser/PairFilters";
import { PairTable } from "@/components/review/browser/PairTable";
import { PairColumns } from "@/components/review/browser/PairColumns";
import { PairCount } from "@/components/review/browser/PairCount";
import { PairExport, type ExportChoice } from "@/components/review/browser/PairExport";
import { CopyLink } from "@/components/review/browser/CopyLink";
import { browserHref, filterQueryString } from "@/components/review/browser/links";

type Search = Record<string, string | string[] | undefined>;

/** The kinds an export of the filtered set offers: those made of pairs or judgments (docs/admins.md, exports). */
const EXPORT_NAMES: Partial<Record<(typeof EXPORT_KINDS)[number], string>> = {
  judgments: "Judgments",
  "labelled-pairs": "Labelled pairs",
  "training-pairs": "Training pairs",
  battles: "Battles",
  "preference-pairs": "Preference pairs (TRL)",
  sft: "SFT rows",
};
const EXPORTS: ExportChoice[] = EXPORT_KINDS.flatMap((kind) => {
  const name = EXPORT_NAMES[kind];
  if (!name) return [];
  // Message lists do not flatten into CSV cells.
  const formats = kind === "preference-pairs" || kind === "sft" ? ["jsonl", "parquet"] : ["jsonl", "csv", "parquet"];
  return [{ kind, name, formats }];
});

/**
 * Every pair of every dataset (lib/review), filtered, sorted and paged by key; the filter, sort, columns and page are
 * the address, written canonically (an address with blanks or defaults is redirected to its short form), so it can
 * be shared. Reading it changes nothing. Reviewers see their destinations' pairs, without the export.
 */
export default async function PairsPage({ searchParams }: { searchParams: Promise<Search> }) {
  // Reads the database itself: checks the role again (app/admin/pairs/layout.tsx). Reviewers: their destinations.
  const user = await requirePageUser(REVIEW_ROLES);
  const admin = user.role === "ADMIN";
  const raw = await searchParams;
  const parsed = parsePairQuery(raw);
  if (parsed.success) {
    const canonical = pairQueryParams(parsed.data).toString();
    const given = new URLSearchParams(
      Object.entries(raw).flatMap(([k, v]) =>
        Array.isArray(v) ? v.map((x) => [k, x]) : v === undefined ? [] : [[k, v]],
      ),
    ).toString();
    if (canonical !== given) redirect(canonical ? `/admin/pairs?${canonical}` : "/admin/pairs");
  }
  const scope = await reviewScope(db(), user);
  const q = parsed.success ? parsed.data : null;
  const [options, page] = await Promise.all([
    pairFilterOptions(db(), scope),
    q ? pairPage(db(), q, scope).catch((e: unknown) => (e instanceof AppError ? e : Promise.reject(e))) : null,
  ]);
  const problem = !parsed.success ? issuesText(parsed.error) : page instanceof AppError ? page.message : null;
  const rows: PairPage | null = page instanceof AppError ? null : page;
  const view = q ?? parsePairQuery({}).data!;
  const columns = columnsOf(view);
  const filtered = q ? isFiltered(q) : false;
  const filter = q ? filterQueryString(q) : "";
  return (
    <>
      <h1>Pairs</h1>
      <p className="muted">
        {admin
          ? "Every pair of every dataset: search the rationales and requests (English and Chinese), filter, sort, open a pair, and export what you found. The address holds it all — share it."
          : "Every pair of your destinations: search the rationales and requests (English and Chinese), filter, sort, and open a pair to review its judgments. The address holds it all — share it."}
      </p>
      <section className="card" aria-label="Filters">
        <PairFilters q={view} options={options} filtered={filtered} />
        {problem && (
          <p role="alert" className="error" data-testid="pairs-error">
            {problem}
          </p>
        )}
      </section>
      {rows && q && (
        <section className="card" aria-label="Matching pairs">
          <div className="pair-toolbar">
            <PairCount filter={filter} />
            <div className="pair-toolbar-actions">
              <PairColumns q={q} columns={columns} />
              <CopyLink />
            </div>
          </div>
          {rows.rows.length === 0 ? (
            <p className="muted" data-testid="pairs-none">
              {filtered
                ? "No pair matches."
                : admin
                  ? "No pairs yet: import a dataset."
                  : "No pairs in your destinations yet."}
            </p>
          ) : (
            <PairTable q={q} rows={rows.rows} columns={columns} />
          )}
          {(rows.previous || rows.next) && (
            <nav className="inline-form pager" aria-label="Pages of pairs">
              {rows.previous && (
                <Link
                  className="btn"
                  href={browserHref(q, { before: decodePairCursor(rows.previous)! })}
                  rel="prev"
                  prefetch={false}
                >
                  ← Previous {q.size}
                </Link>
              )}
              {rows.next && (
                <Link
                  className="btn"
                  href={browserHref(q, { after: decodePairCursor(rows.next)! })}
                  rel="next"
                  prefetch={false}
                >
                  Next {q.size} →
                </Link>
              )}
            </nav>
          )}
          {/* Exports stay the admins'. */}
          {admin && rows.rows.length > 0 && <PairExport filter={filter} kinds={EXPORTS} />}
        </section>
      )}
    </>
  );
}
