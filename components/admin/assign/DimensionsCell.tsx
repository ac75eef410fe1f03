"use client";
/**
 * A dataset's per-dimension verdicts on the Assign page: which dimensions experts answer before the overall
 * verdict, picked from the defaults (each tied to a part of TripJudge's checks) or written by the admin. Chosen
 * before the first judgment; every saved change is a new version of the set.
 */
import { useTranslations } from "next-intl";
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
  const t = useTranslations("Assign.dimensions");
  const [editing, setEditing] = useState(false);
  const [picked, setPicked] = useState<Dimension[]>(dimensions ?? []);
  const [own, setOwn] = useState(blank);
  const summary = dimensions?.length
    ? t("summary", { count: dimensions.length, version: String(version) })
    : t("overallOnly");
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
            aria-label={t("editLabel", { name })}
          >
            {t("edit")}
          </button>
        )}
      </span>
    );
  const has = (key: string) => picked.some((d) => d.key === key);
  const toggle = (d: Dimension) => setPicked(has(d.key) ? picked.filter((x) => x.key !== d.key) : [...picked, d]);
  const ownKey = keyOf(own.name);
  return (
    <div className="dimensions-editor small" role="group" aria-label={t("group", { name })}>
      {DEFAULT_DIMENSIONS.map((d) => (
        <label key={d.key} className="checkbox" title={d.description}>
          <input type="checkbox" checked={has(d.key)} onChange={() => toggle(d)} /> {d.name}
        </label>
      ))}
      {picked
        .filter((d) => !DEFAULT_DIMENSIONS.some((x) => x.key === d.key))
        .map((d) => (
          <label key={d.key} className="checkbox" title={d.description}>
            <input type="checkbox" checked onChange={() => toggle(d)} /> {d.name}{" "}
            <span className="muted">{t("own")}</span>
          </label>
        ))}
      <div className="dimensions-own">
        <input
          placeholder={t("ownName")}
          aria-label={t("ownNameLabel")}
          value={own.name}
          maxLength={60}
          onChange={(e) => setOwn({ ...own, name: e.target.value })}
        />
        <input
          placeholder={t("ownDescription")}
          aria-label={t("ownDescriptionLabel")}
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
          {t("allowSame")}
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={own.allowNotApplicable}
            onChange={(e) => setOwn({ ...own, allowNotApplicable: e.target.checked })}
          />{" "}
          {t("allowNotApplicable")}
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
          {t("add")}
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
          {picked.length ? t("saveSome", { count: String(picked.length) }) : t("saveNone")}
        </button>
        <button type="button" className="btn small" onClick={() => setEditing(false)}>
          {t("cancel")}
        </button>
      </div>
    </div>
  );
}
