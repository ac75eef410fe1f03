/**
 * The audit log's reads: a page of events newest first, by key (time, id) so a page deep in millions of rows costs
 * what the first does (the createdAt index), and every matching event in batches for an export (memory flat).
 */
import { AppError } from "../../kernel";
import { poolOf, type Db } from "../../platform/db";
import { encodeAuditCursor, type AuditCursor, type AuditFilters } from "../query";
import type { AuditPage, AuditRow } from "../view";

interface Row {
  id: string;
  at: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  targetName: string | null;
  data: unknown;
  actorId: string | null;
  actorName: string | null;
  actorEmail: string | null;
}

/** The account a filter names by e-mail or id; an unknown one is an error, not an empty log. */
async function actorOf(db: Db, actor: string): Promise<string> {
  const { rows } = await poolOf(db).query<{ id: string }>(
    `SELECT id FROM "User" WHERE id = $1 OR email = lower($1) LIMIT 1`,
    [actor],
  );
  if (!rows[0]) throw new AppError("invalid_request", `No account has the e-mail or id ${JSON.stringify(actor)}.`);
  return rows[0].id;
}

export async function auditPage(
  db: Db,
  filters: AuditFilters,
  after?: AuditCursor | null,
  limit = 100,
): Promise<AuditPage> {
  const where: string[] = [];
  const params: unknown[] = [];
  const param = (v: unknown) => `$${params.push(v)}`;
  if (filters.action) where.push(`a.action LIKE ${param(filters.action.replace(/[\\%_]/g, "\\$&") + "%")}`);
  if (filters.actor) where.push(`a."actorId" = ${param(await actorOf(db, filters.actor))}`);
  if (filters.targetType) where.push(`a."targetType" = ${param(filters.targetType)}`);
  if (filters.targetId) where.push(`a."targetId" = ${param(filters.targetId)}`);
  if (filters.from) where.push(`a."createdAt" >= ${param(filters.from)}::date`);
  if (filters.to) where.push(`a."createdAt" < ${param(filters.to)}::date + 1`);
  if (after) {
    const at = param(after.at);
    where.push(`a."createdAt" <= ${at}::timestamp AND (a."createdAt" < ${at}::timestamp OR a.id < ${param(after.id)})`);
  }
  const { rows } = await poolOf(db).query<Row>(
    `SELECT a.id, to_char(a."createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS') AS at, a.action, a."targetType", a."targetId",
            a.data, a."actorId", u.name AS "actorName", u.email AS "actorEmail",
            -- Who or what the target is, where it is an account, a dataset or a destination (ids alone say nothing).
            CASE a."targetType"
              WHEN 'User' THEN (SELECT t.name || ' <' || t.email || '>' FROM "User" t WHERE t.id = a."targetId")
              WHEN 'Dataset' THEN (SELECT t.name FROM "Dataset" t WHERE t.id = a."targetId")
              WHEN 'Destination' THEN (SELECT t.name FROM "Destination" t WHERE t.id = a."targetId")
            END AS "targetName"
       FROM "AuditEvent" a LEFT JOIN "User" u ON u.id = a."actorId"
      ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
      ORDER BY a."createdAt" DESC, a.id DESC
      LIMIT ${param(limit + 1)}`,
    params,
  );
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    rows: page.map(toRow),
    next: rows.length > limit && last ? encodeAuditCursor({ at: last.at, id: last.id }) : null,
  };
}

function toRow(r: Row): AuditRow {
  return {
    id: r.id,
    at: `${r.at}Z`,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    targetName: r.targetName,
    data: r.data,
    actor: r.actorId ? { id: r.actorId, name: r.actorName ?? "", email: r.actorEmail ?? "" } : null,
  };
}

/** Every event the filters match, newest first, read `batch` at a time by key. */
export async function* auditEvents(db: Db, filters: AuditFilters, batch = 1000): AsyncGenerator<AuditRow> {
  let after: AuditCursor | null = null;
  for (;;) {
    const page = await auditPage(db, filters, after, batch);
    yield* page.rows;
    if (!page.next) return;
    const last = page.rows[page.rows.length - 1];
    after = { at: last.at.slice(0, -1), id: last.id };
  }
}

/** One event of the log (the log's own: its exports, the downloads of an export job's file). */
export async function recordAudit(
  db: Db,
  e: { actorId: string | null; action: string; targetType?: string; targetId?: string; data?: object },
) {
  await db.auditEvent.create({
    data: { actorId: e.actorId, action: e.action, targetType: e.targetType, targetId: e.targetId, data: e.data },
  });
}
