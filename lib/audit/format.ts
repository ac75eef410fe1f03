/** The audit log's export lines: CSV (RFC 4180, formula-safe) and JSON Lines, one event each. */
import type { AuditRow } from "./view";

export const AUDIT_CSV_HEADER = "id,at,actor_email,actor_name,action,target_type,target_id,target_name,data\r\n";

/** RFC 4180 quoting; text a spreadsheet would run as a formula gets a leading apostrophe (OWASP, CSV injection). */
function field(v: string | null | undefined): string {
  if (v === null || v === undefined) return "";
  const s = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function auditCsvLine(r: AuditRow): string {
  const data = r.data === null || r.data === undefined ? "" : JSON.stringify(r.data);
  return (
    [r.id, r.at, r.actor?.email, r.actor?.name, r.action, r.targetType, r.targetId, r.targetName, data]
      .map(field)
      .join(",") + "\r\n"
  );
}

export function auditJsonLine(r: AuditRow): string {
  return JSON.stringify(r) + "\n";
}
