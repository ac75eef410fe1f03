import Link from "next/link";
import { redirect } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
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

/**
 * The kinds an export of the filtered set offers: those made of pairs or judgments (docs/admins.md, exports), each
 * named by its message (Pairs.exportKinds).
 */
const EXPORT_OFFERED = new Set<(typeof EXPORT_KINDS)[number]>([
  "judgments",
  "labelled-pairs",
  "training-pairs",
  "battles",
  "preference-pairs",
  "sft",
]);
const exportsNamed = (name: (kind: string) => string): ExportChoice[] =>
  EXPORT_KINDS.flatMap((kind) => {
    if (!EXPORT_OFFERED.has(kind)) return [];
    // Message lists do not flatten into CSV cells.
    const formats = kind === "preference-pairs" || kind === "sft" ? ["jsonl", "parquet"] : ["jsonl", "csv", "parquet"];
    return [{ kind, name: name(kind), formats }];
  });

/**
 * Every pair of every dataset (lib/review), filtered, sorted and paged by key; the filter, sort, columns and page are
 * the address, written canonically (an address with blanks or defaults is redirected to its short form), so it can
 * be shared. Reading it changes nothing. Reviewers see their destinations' pairs, without the export.
 */
export default async function PairsPage({ searchParams }: { searchParams: Promise<Search> }) {
  // Reads the database itself: checks the role again (app/admin/pairs/layout.tsx). Reviewers: their destinations.
  const user = await requirePageUser(REVIEW_ROLES);
  const [t, errors, locale] = await Promise.all([getTranslations("Pairs"), getTranslations("Errors"), getLocale()]);
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
  // A refusal in the reader's language where its code has a sentence (components/i18n.ts does the same on clients).
  const refusal = (e: AppError) => (locale !== "en" && errors.has(e.code) ? errors(e.code) : e.message);
  const problem = !parsed.success ? issuesText(parsed.error) : page instanceof AppError ? refusal(page) : null;
  const rows: PairPage | null = page instanceof AppError ? null : page;
  const view = q ?? parsePairQuery({}).data!;
  const columns = columnsOf(view);
  const filtered = q ? isFiltered(q) : false;
  const filter = q ? filterQueryString(q) : "";
  return (
    <>
      <h1>{t("title")}</h1>
      <p className="muted">{t(admin ? "leadAdmin" : "leadReviewer")}</p>
      <section className="card" aria-label={t("filters")}>
        <PairFilters q={view} options={options} filtered={filtered} />
        {problem && (
          <p role="alert" className="error" data-testid="pairs-error">
            {problem}
          </p>
        )}
      </section>
      {rows && q && (
        <section className="card" aria-label={t("matching")}>
          <div className="pair-toolbar">
            <PairCount filter={filter} />
            <div className="pair-toolbar-actions">
              <PairColumns q={q} columns={columns} />
              <CopyLink />
            </div>
          </div>
          {rows.rows.length === 0 ? (
            <p className="muted" data-testid="pairs-none">
              {t(filtered ? "noMatch" : admin ? "noPairsAdmin" : "noPairsReviewer")}
            </p>
          ) : (
            <PairTable q={q} rows={rows.rows} columns={columns} />
          )}
          {(rows.previous || rows.next) && (
            <nav className="inline-form pager" aria-label={t("pages")}>
              {rows.previous && (
                <Link
                  className="btn"
                  href={browserHref(q, { before: decodePairCursor(rows.previous)! })}
                  rel="prev"
                  prefetch={false}
                >
                  {t("previous", { size: q.size })}
                </Link>
              )}
              {rows.next && (
                <Link
                  className="btn"
                  href={browserHref(q, { after: decodePairCursor(rows.next)! })}
                  rel="next"
                  prefetch={false}
                >
                  {t("next", { size: q.size })}
                </Link>
              )}
            </nav>
          )}
          {/* Exports stay the admins'. */}
          {admin && rows.rows.length > 0 && (
            <PairExport filter={filter} kinds={exportsNamed((kind) => t(`exportKinds.${kind}`))} />
          )}
        </section>
      )}
    </>
  );
}
