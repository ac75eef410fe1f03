/** How the audit log shows an event (browser-safe): its row, its target's page, its change as "before → after". */

export const AUDIT_FILTER_KEYS = ["action", "actor", "targetType", "targetId", "from", "to"] as const;
export type AuditFilterValues = Partial<Record<(typeof AUDIT_FILTER_KEYS)[number], string>>;

/** One event as the API and the export give it. */
export interface AuditRow {
  id: string;
  at: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  /** The target as people know it (an account's name and e-mail, a dataset's or destination's name), where known. */
  targetName: string | null;
  data: unknown;
  actor: { id: string; name: string; email: string } | null;
}

export interface AuditPage {
  rows: AuditRow[];
  /** The cursor of the next page, null at the end. */
  next: string | null;
}

/** The filters as an address's query, blanks left out, in a fixed order. */
export function auditQueryString(f: AuditFilterValues): string {
  const p = new URLSearchParams();
  for (const k of AUDIT_FILTER_KEYS) if (f[k]) p.set(k, f[k]);
  return p.toString();
}

/** The page a target has, where it has one. */
export function auditTargetHref(type: string | null, id: string | null): string | null {
  if (!id) return null;
  if (type === "Pair") return `/admin/pairs/${encodeURIComponent(id)}`;
  if (type === "Dataset") return "/admin/import";
  if (type === "User" || type === "ExpertDestination") return "/admin";
  return null;
}

export interface AuditChange {
  key: string;
  before?: unknown;
  after?: unknown;
  /** A value the event records with no before (what was asked, a count). */
  value?: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * An event's data as changes: with `before` and `after`, the fields that differ (a whole value when either is not an
 * object); the other fields as they are.
 */
export function auditChanges(data: unknown): AuditChange[] {
  if (!isObject(data)) return data === null || data === undefined ? [] : [{ key: "", value: data }];
  const out: AuditChange[] = [];
  if ("before" in data || "after" in data) {
    const { before, after } = data;
    if (isObject(before) && isObject(after)) {
      for (const key of new Set([...Object.keys(before), ...Object.keys(after)]))
        if (!same(before[key], after[key])) out.push({ key, before: before[key], after: after[key] });
    } else if (!same(before, after)) out.push({ key: "", before, after });
  }
  for (const [key, value] of Object.entries(data)) if (key !== "before" && key !== "after") out.push({ key, value });
  return out;
}

/** A value in a line: JSON, shortened. */
export function auditValueText(v: unknown, max = 80): string {
  const s = v === undefined ? "—" : typeof v === "string" ? v : JSON.stringify(v);
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
