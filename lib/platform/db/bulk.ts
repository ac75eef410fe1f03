/**
 * Bulk inserts for imports: each batch goes to PostgreSQL as one JSON parameter expanded by
 * jsonb_to_recordset, over a plain pg connection (see poolOf in client.ts for why not Prisma).
 */
import type pg from "pg";

export type Column = readonly [
  name: string,
  pgType: "text" | "jsonb" | "boolean" | "integer" | "double precision" | "text[]" | `"${string}"`,
];

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;

export async function insertRows(
  client: pg.PoolClient,
  table: string,
  columns: readonly Column[],
  rows: Record<string, unknown>[],
  batchSize = 500,
): Promise<void> {
  const names = columns.map(([n]) => ident(n)).join(", ");
  // Enum columns are declared as text in the record and cast on the way in.
  const select = columns.map(([n, t]) => (t.startsWith('"') ? `${ident(n)}::${t}` : ident(n))).join(", ");
  const types = columns.map(([n, t]) => `${ident(n)} ${t.startsWith('"') ? "text" : t}`).join(", ");
  const sql = `INSERT INTO ${ident(table)} (${names}) SELECT ${select} FROM jsonb_to_recordset($1::jsonb) AS x(${types})`;
  for (let i = 0; i < rows.length; i += batchSize) {
    await client.query(sql, [JSON.stringify(rows.slice(i, i + batchSize))]);
  }
}
