"use client";
/** The quality page's qualification settings for new experts, and promoting a unanimous real pair to gold. */
import { useState } from "react";
import { usePromoteToGold, useSaveSettings } from "../mutations";
import { useSettings } from "../queries";

export function QualificationSection() {
  const settings = useSettings();
  const save = useSaveSettings();
  const [promoteId, setPromoteId] = useState("");
  const promote = usePromoteToGold();
  if (!settings.data) return null;
  return (
    <section className="card">
      <h2>Qualification and promotion</h2>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          save.mutate({
            qualificationLength: Number(f.get("length")),
            qualificationPassMark: Number(f.get("mark")) / 100,
          });
        }}
      >
        <label>
          Qualification pairs for new experts (0 = none)
          <input
            name="length"
            type="number"
            min={0}
            max={50}
            defaultValue={settings.data.qualificationLength}
            className="narrow-input"
          />
        </label>
        <label>
          Pass mark (%)
          <input
            name="mark"
            type="number"
            min={0}
            max={100}
            defaultValue={Math.round(settings.data.qualificationPassMark * 100)}
            className="narrow-input"
          />
        </label>
        <button className="btn primary" type="submit">
          Save
        </button>
        {save.isSuccess && (
          <span className="ok small" role="status">
            Saved.
          </span>
        )}
      </form>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          promote.mutate(promoteId.trim());
        }}
      >
        <label>
          Promote a unanimous pair to gold (pair id)
          <input value={promoteId} onChange={(e) => setPromoteId(e.target.value)} placeholder="pair id" />
        </label>
        <button className="btn" type="submit" disabled={!promoteId.trim()}>
          Promote
        </button>
        {promote.data && (
          <span className="ok small" role="status">
            {promote.data.created ? "Promoted." : "Already gold."}
          </span>
        )}
        {promote.error && (
          <span className="error small" role="alert">
            {promote.error.message}
          </span>
        )}
      </form>
    </section>
  );
}
