/** The audit log's filters and cursor: parsed from an address (the page, the API, the export), written back canonically. */
import { z } from "zod";
import { isRealDate } from "../kernel";

/** A blank field of the filter form is no filter. */
const optional = <T extends z.ZodType>(s: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), s.optional());

const day = z
  .string()
  .trim()
  .refine((s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && isRealDate(s), "Give a date as YYYY-MM-DD.");

export const auditFilters = z
  .object({
    /** The start of an action's name: "settings" matches settings.update and settings.review. */
    action: optional(
      z
        .string()
        .trim()
        .max(100)
        .regex(/^[\w.-]+$/, "An action is letters, digits, dots, dashes and underscores (e.g. settings.update)."),
    ),
    /** The account that acted: its e-mail or id. */
    actor: optional(z.string().trim().max(320)),
    targetType: optional(
      z.string().trim().max(64).regex(/^\w+$/, "A target type is one word (e.g. Pair, User, Dataset)."),
    ),
    targetId: optional(z.string().trim().max(200)),
    /** Days in UTC, both included. */
    from: optional(day),
    to: optional(day),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: "“From” is after “to”.", path: ["to"] });

export type AuditFilters = z.infer<typeof auditFilters>;

/** Where a page of events ends: the last event's time (as stored, to the millisecond) and id (newest first). */
export interface AuditCursor {
  at: string;
  id: string;
}

const STAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/;

export function encodeAuditCursor(c: AuditCursor): string {
  return Buffer.from(`${c.at}~${c.id}`).toString("base64url");
}

export function decodeAuditCursor(s: string): AuditCursor | null {
  const [at, id, ...rest] = Buffer.from(s, "base64url").toString("utf8").split("~");
  return at && id && !rest.length && STAMP.test(at) && id.length <= 64 ? { at, id } : null;
}

const cursor = z
  .string()
  .max(200)
  .transform((s, ctx) => {
    const c = decodeAuditCursor(s);
    if (!c) ctx.addIssue({ code: "custom", message: "This “after” is not a cursor this log gave." });
    return c ?? z.NEVER;
  });

/** The API's query: the filters, where to go on from, and how many. */
export const auditPageQuery = z.intersection(
  auditFilters,
  z.object({
    after: optional(cursor),
    limit: optional(z.coerce.number().int().min(1).max(500)),
  }),
);

export const auditExportQuery = z.intersection(auditFilters, z.object({ format: z.enum(["csv", "jsonl"]) }));
