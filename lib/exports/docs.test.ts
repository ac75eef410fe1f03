/**
 * The admins' guide says what the exports write: every `label_basis` a labelled pair can carry, each with what it
 * means, and every field of a training pair (the JSONL's keys, which are the Parquet file's columns).
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { parquetColumns } from "./kinds";
import { LABEL_BASES } from "./records";
import { TRAINING_CSV_COLUMNS } from "./training";

const guide = readFileSync(new URL("../../docs/admins.md", import.meta.url), "utf8").replace(/\s+/g, " ");
/** The guide's text from `start` to `end`, both included once. */
const between = (start: string, end: string) => {
  const a = guide.indexOf(start);
  assert.ok(a >= 0, `the guide has "${start}"`);
  const b = guide.indexOf(end, a);
  assert.ok(b > a, `"${end}" follows "${start}"`);
  return guide.slice(a, b + end.length);
};

test("every label_basis the labelled pairs carry is in the guide, each with what it means", () => {
  const sentence = between("`label_basis`, how the label was reached:", "`label_source=all`))");
  for (const basis of LABEL_BASES) assert.match(sentence, new RegExp(`\`${basis}\` \\(\\S`), basis);
});

test("the guide lists every field of a training pair, and what the CSV leaves out", () => {
  const fields = between("Training pairs — one per labelled pair", "no `ds_*` or dimension columns");
  for (const key of Object.keys(parquetColumns("training-pairs"))) assert.ok(fields.includes(`"${key}"`), key);
  // The CSV's columns are the JSONL's bar the ds_* and dimension fields, and its plans flattened.
  const flat = new Set(TRAINING_CSV_COLUMNS.map((c) => c.split(".")[0]));
  const left = Object.keys(parquetColumns("training-pairs")).filter((k) => !flat.has(k));
  assert.deepEqual(left.sort(), [
    "dimension_agreement",
    "dimension_majority",
    "dimension_verdicts",
    "ds_label",
    "ds_posterior",
  ]);
});
