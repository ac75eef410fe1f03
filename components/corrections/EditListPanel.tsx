"use client";
/** What the correction changed so far, one row per operation (lib/corrections editList). */
import type { EditRow } from "@/lib/corrections/browser";
import { REASON_OPTIONS } from "./reasons";

const VERB: Record<EditRow["op"], string> = {
  move: "Moved",
  retime: "Retimed",
  replace: "Replaced",
  insert: "Inserted",
  delete: "Deleted",
  transfer: "Changed the transfer of",
  hotel: "Changed the hotel of",
  restore: "Restored",
};

export function EditListPanel({ rows }: { rows: EditRow[] }) {
  return (
    <section className="edit-list" aria-label="Your edits">
      <h2>Your edits {rows.length > 0 && <span className="muted small">({rows.length})</span>}</h2>
      {rows.length === 0 ? (
        <p className="muted small">None yet.</p>
      ) : (
        <ol data-testid="edit-list">
          {rows.map((r, i) => (
            <li key={i}>
              <span className="edit-where">Day {r.day}</span> {VERB[r.op]} <strong>{r.name || "an item"}</strong>
              {(r.from || r.to) && (
                <span className="muted">
                  {" "}
                  {r.from ?? ""}
                  {r.from && r.to ? " → " : ""}
                  {r.to ?? ""}
                </span>
              )}
              <div className="muted small">
                because: {REASON_OPTIONS.find((o) => o.kind === r.reason.kind)?.label ?? r.reason.kind}
                {r.reason.text ? ` — ${r.reason.text}` : ""}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
