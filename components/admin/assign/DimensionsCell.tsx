"use client";
/**
 * A dataset's per-dimension verdicts on the Assign page: which dimensions experts answer before the overall
 * verdict, picked from the defaults (each tied to a part of TripJudge's checks) or written by the admin. Chosen
 * before the first judgment; every saved change is a new version of the set.
 */
import { useState } from "react";
import { DEFAULT_DIMENSIONS, MAX_DIMENSIONS, type Dimension } from "@/lib/results/dimensions/browser";

interface Props {
  name: string;
  dimensions: Dimension[] | null;
  version: number;
  started: boolean;
  onSave: (dimensions: Dimension[] | null) => void;
}

const blank = { name: "", description: "", allowSame: true, allowNotApplicable: true };

/** A key from a name: lowercase letters, digits and _, as the set's schema asks. */
const keyOf = (name: string) =>
  (
    "d_" +
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_|_$/g, "")
  ).slice(0, 32);

export function DimensionsCell({ name, dimensions, version, started, onSave }: Props) {
  const [editing, setEditing] = useState(false);
  const [picked, setPicked] = useState<Dimension[]>(dimensions ?? []);
  const [own, setOwn] = useState(blank);
  const summary = dimensions?.length
    ? `${dimensions.length} dimension${dimensions.length === 1 ? "" : "s"} (v${version})`
    : "overall only";
  if (!editing)
    return (
      <span className="small" title={dimensions?.map((d) => d.name).join(", ")}>
        {summary}{" "}
        {!started && (
          <button
            type="button"
            className="btn-link"
            onClick={() => {
              setPicked(dimensions ?? []);
              setEditing(true);
            }}
            aria-label={`Edit the dimensions of ${name}`}
          >
            edit…
          </button>
        )}
      </span>
    );
  const has = (key: string) => picked.some((d) => d.key === key);
  const toggle = (d: Dimension) => setPicked(has(d.key) ? picked.filter((x) => x.key !== d.key) : [...picked, d]);
  const ownKey = keyOf(own.name);
  return (
    <div className="dimensions-editor small" role="group" aria-label={`Dimensions of ${name}`}>
      {DEFAULT_DIMENSIONS.map((d) => (
        <label key={d.key} className="checkbox" title={d.description}>
          <input type="checkbox" checked={has(d.key)} onChange={() => toggle(d)} /> {d.name}
        </label>
      ))}
      {picked
        .filter((d) => !DEFAULT_DIMENSIONS.some((x) => x.key === d.key))
        .map((d) => (
          <label key={d.key} className="checkbox" title={d.description}>
            <input type="checkbox" checked onChange={() => toggle(d)} /> {d.name} <span className="muted">(own)</span>
          </label>
        ))}
      <div className="dimensions-own">
        <input
          placeholder="Your own: name"
          aria-label="Name of your own dimension"
          value={own.name}
          maxLength={60}
          onChange={(e) => setOwn({ ...own, name: e.target.value })}
        />
        <input
          placeholder="what it asks"
          aria-label="Description of your own dimension"
          value={own.description}
          maxLength={300}
          onChange={(e) => setOwn({ ...own, description: e.target.value })}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={own.allowSame}
            onChange={(e) => setOwn({ ...own, allowSame: e.target.checked })}
          />{" "}
          “about the same”
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={own.allowNotApplicable}
            onChange={(e) => setOwn({ ...own, allowNotApplicable: e.target.checked })}
          />{" "}
          “not applicable”
        </label>
        <button
          type="button"
          className="btn small"
          disabled={!own.name.trim() || ownKey.length < 3 || has(ownKey) || picked.length >= MAX_DIMENSIONS}
          onClick={() => {
            setPicked([...picked, { key: ownKey, ...own, name: own.name.trim(), signal: null }]);
            setOwn(blank);
          }}
        >
          Add
        </button>
      </div>
      <div className="dimensions-actions">
        <button
          type="button"
          className="btn primary small"
          disabled={picked.length > MAX_DIMENSIONS}
          onClick={() => {
            onSave(picked.length ? picked : null);
            setEditing(false);
          }}
        >
          Save {picked.length ? `${picked.length} dimensions` : "(overall only)"}
        </button>
        <button type="button" className="btn small" onClick={() => setEditing(false)}>
          Cancel
        </button>
      </div>
    </div>
  );
}
