/**
 * Reading large results with flat memory: one snapshot through a server-side cursor (the exports that do not follow
 * judging: annotations, corrections, dimension reports), or pages and ranges by key in short statements (the exports
 * of judgments and pairs and the heavy figures, which must not hold a snapshot while experts judge).
 */
import type pg from "pg";
import { poolOf, type Db } from "./client";

/**
 * Runs `pages` inside one read-only REPEATABLE READ transaction, so an export reads a single snapshot
 * however long it streams. A consumer that stops early (return()) still ends the transaction before the
 * connection goes back to the pool.
 */
export async function* fromSnapshot<T>(db: Db, pages: (client: pg.PoolClient) => AsyncGenerator<T>): AsyncGenerator<T> {
  const client = await poolOf(db).connect();
  let open = false;
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    open = true;
    // An export reads every row its cursor has: plan for the whole result (PostgreSQL plans a cursor for its
    // first tenth by default, which picks nested loops over a sort).
    await client.query("SET LOCAL cursor_tuple_fraction = 1");
    yield* pages(client);
    await client.query("COMMIT");
    open = false;
  } finally {
    if (open) await client.query("ROLLBACK").catch(() => {});
    client.release();
  }
}

/**
 * Rows of one query through a server-side cursor, `batch` at a time (one statement, one snapshot, flat
 * memory). The next batch is fetched while the caller works through this one, so the database and this
 * process work at the same time.
 */
export async function* cursorRows<T extends object>(
  client: pg.PoolClient,
  text: string,
  values: unknown[],
  batch = 5000,
): AsyncGenerator<T> {
  await client.query(`DECLARE export_rows NO SCROLL CURSOR FOR ${text}`, values);
  const fetch = () => client.query<T>(`FETCH ${batch} FROM export_rows`);
  let next: Promise<pg.QueryResult<T>> | null = fetch();
  try {
    while (next) {
      const { rows }: pg.QueryResult<T> = await next;
      next = rows.length < batch ? null : fetch();
      // A failed prefetch is awaited (and thrown) at the next turn; until then it must not count as unhandled.
      next?.catch(() => {});
      for (const r of rows) yield r;
    }
  } finally {
    await next?.catch(() => {});
    await client.query("CLOSE export_rows").catch(() => {});
  }
}

/**
 * Rows of one query in pages of `size` by key, each page its own short statement outside any transaction, so no
 * snapshot outlives a page (decision 017: a snapshot held through a long read slows every claim and submit). `text`
 * orders by a unique key and reads only rows after the last key read: its parameters are `values`, then the key's
 * columns' last values (`start` before the first page: an empty string sorts before every id), then the page size.
 * The next page is asked for while the caller works through this one (in an admin process, only after it:
 * pageOneAtATime). A row comes whole from one statement; rows that enter or leave the query's scope while it runs
 * are read if their key comes after the last page read then.
 */
export async function* keysetRows<T extends object>(
  db: Db,
  text: string,
  values: unknown[],
  key: (row: T) => string[],
  start: string[],
  size = paging.size,
): AsyncGenerator<T> {
  const pool = poolOf(db);
  const ahead = paging.ahead;
  const page = (after: string[]) => pool.query<T>(text, [...values, ...after, size]);
  let next: Promise<pg.QueryResult<T>> | null = page(start);
  try {
    while (next) {
      const { rows }: pg.QueryResult<T> = await next;
      const after: string[] | null = rows.length < size ? null : key(rows[rows.length - 1]);
      next = after && ahead ? page(after) : null;
      next?.catch(() => {});
      for (const r of rows) yield r;
      if (after && !ahead) next = page(after);
    }
  } finally {
    await next?.catch(() => {});
  }
}

/**
 * How keysetRows reads by default: pages of 2,000, the next asked for while this one is worked through. An admin
 * process reads pages of 500, the next only once this one is done (`pageOneAtATime`): between pages it holds no
 * connection, so the judging gate may pause it there (decision 017), and no statement of its runs long.
 */
const paging = { size: 2000, ahead: true };
export function pageOneAtATime(size = 500) {
  paging.size = size;
  paging.ahead = false;
}

/**
 * Key ranges of `size` pairs each (`after` < id ≤ `upTo`), in key order, for reads that must not hold a snapshot
 * while they run (decision 017: a snapshot held open slows every claim and submit). Each range is found by its own
 * short statement, and the caller reads each range in another: no transaction outlives a statement, and between
 * statements the admin process may be paused for experts' calls. `where` is a fixed condition on the pairs.
 */
export async function* pairRanges(
  db: Db,
  where: "status = 'COMPLETE'" | "TRUE",
  size = 2000,
): AsyncGenerator<{ after: string; upTo: string }> {
  for (let after = ""; ;) {
    const { rows } = await poolOf(db).query<{ upTo: string | null }>(
      `SELECT max(id) AS "upTo" FROM (SELECT id FROM "Pair" WHERE ${where} AND id > $1 ORDER BY id LIMIT $2) s`,
      [after, size],
    );
    const upTo = rows[0].upTo;
    if (upTo === null) return;
    yield { after, upTo };
    after = upTo;
  }
}
