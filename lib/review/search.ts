/**
 * The pair browser's full-text search (decision 022): a search's Latin-script words go to PostgreSQL's English
 * full-text search (websearch_to_tsquery: stems and stop words, "quoted phrases", -word, or), and each run of CJK
 * characters (Chinese, Japanese, Korean) to the two-character grams the database's tj_search_vector gives CJK text
 * (migration pair_browser): "开放时间" asks for the grams 开放, 放时 and 时间 (the index finds the texts holding all
 * three at once, without re-reading them) and then for the run itself, as written (strpos); one character is a prefix
 * of the grams (宫:*); a run after a minus ("-闭馆") excludes the texts holding it as written. Pure: the store passes the
 * parts as parameters.
 */

/** The CJK ranges tj_search_vector indexes as grams (the migration's pattern lists the same). */
const CJK_RUN = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\u{20000}-\u{2fa1f}]+/gu;

export interface SearchTerms {
  /** The search without its CJK runs: for websearch_to_tsquery('english', …) (empty: none). */
  words: string;
  /** The CJK runs' grams as tsquery text, all of them ANDed (null: no run). */
  grams: string | null;
  /** The CJK runs, each to be found in the text as written. */
  runs: string[];
  /** The CJK runs written after a minus ("-闭馆", as "-word" in English): a text holding one is not a match. */
  without: string[];
}

/** A minus before a word excludes it, as websearch_to_tsquery reads "-word"; the full-width minus of a CJK keyboard too. */
const MINUS = new Set(["-", "－"]);

export function searchTerms(q: string): SearchTerms {
  const runs = new Set<string>();
  const without = new Set<string>();
  let words = "";
  let from = 0;
  for (const m of q.matchAll(CJK_RUN)) {
    const at = m.index;
    const negated = at > 0 && MINUS.has(q[at - 1]) && (at === 1 || /\s/.test(q[at - 2]));
    (negated ? without : runs).add(m[0]);
    words += `${q.slice(from, negated ? at - 1 : at)} `;
    from = at + m[0].length;
  }
  words = (words + q.slice(from))
    .replace(/(^|\s)－/g, "$1-")
    .replace(/\s+/g, " ")
    .trim();
  for (const r of without) runs.delete(r);
  const grams = [...new Set([...runs].flatMap(gramsOf))];
  return { words, grams: grams.length ? grams.join(" & ") : null, runs: [...runs], without: [...without] };
}

/** One CJK run's grams as tsquery operands: its overlapping pairs of characters, or one character as a prefix. */
function gramsOf(run: string): string[] {
  // Code points, as the database's length() and substr() count them.
  const chars = [...run];
  if (chars.length === 1) return [`'${chars[0]}':*`];
  return chars.slice(0, -1).map((c, i) => `'${c}${chars[i + 1]}'`);
}
