import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { simulateStudy } from "./simulate";

const dir = mkdtempSync(path.join(tmpdir(), "tj-rel-"));
const ref = JSON.parse(readFileSync("lib/quality/reliability/fixtures/reference.json", "utf8"));
const cli = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, ["--import", "tsx", "scripts/tripjudge.ts", "reliability", ...args], {
    encoding: "utf8",
    env: { ...process.env, ...env },
  });

test("tripjudge reliability --ratings FILE --gold FILE --json prints raters and items in the documented shape", () => {
  const study = simulateStudy({ seed: 11, items: 400, honest: 12, random: 1, accuracy: 0.84 });
  const ratings = path.join(dir, "ratings.jsonl"),
    gold = path.join(dir, "gold.jsonl");
  writeFileSync(ratings, study.rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
  // Every tenth item is gold, with its planted label.
  writeFileSync(
    gold,
    [...study.truth]
      .filter((_, i) => i % 10 === 0)
      .map(([item, label]) => JSON.stringify({ item, label }))
      .join("\n") + "\n",
  );
  const r = cli(["--ratings", ratings, "--gold", gold, "--json"]);
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.deepEqual(Object.keys(out), ["labels", "unused_labels", "raters", "items"]);
  assert.deepEqual(out.labels, ["A", "B", "NEITHER"]);
  for (const x of out.raters) {
    assert.deepEqual(Object.keys(x), [
      "rater",
      "n_items",
      "gold_n",
      "gold_accuracy",
      "gold_ci95",
      "ds_accuracy",
      "mace_spam",
      "flagged",
      "reasons",
      "ds_confusion",
    ]);
    assert.ok(x.gold_n > 0 && x.gold_ci95[0] <= x.gold_accuracy && x.gold_accuracy <= x.gold_ci95[1]);
    assert.equal(typeof x.flagged, "boolean");
    assert.equal(x.flagged, x.reasons.length > 0);
  }
  assert.equal(
    out.raters.reduce((s: number, x: { n_items: number }) => s + x.n_items, 0),
    study.rows.length,
  );
  const flagged = out.raters.filter((x: { flagged: boolean }) => x.flagged);
  assert.ok(flagged.some((x: { rater: string }) => x.rater === "random-1"));
  // Honest experts here are right on 84 % of gold pairs — below the 90 % the pause boundary is built around — so one may be paused.
  assert.ok(flagged.length <= 2);
  for (const x of flagged) assert.match(x.reasons.join(" "), /^(gold|peer_agreement|runs): /);
  assert.equal(out.items.length, 400);
  for (const it of out.items) {
    assert.deepEqual(Object.keys(it), ["item", "majority", "ds_label", "ds_posterior", "mace_label", "mace_posterior"]);
    assert.deepEqual(Object.keys(it.ds_posterior), ["A", "B", "NEITHER"]);
    assert.ok(Math.abs(Object.values(it.ds_posterior as Record<string, number>).reduce((s, p) => s + p, 0) - 1) < 1e-9);
  }
});

test("tripjudge reliability on the reference fixture gives the numpy reference's posteriors; without --gold, gold fields are empty", () => {
  const r = cli(["--ratings", "lib/quality/reliability/fixtures/ratings.jsonl", "--json"]);
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  for (const it of out.items)
    ref.labels.forEach((l: string, c: number) =>
      assert.ok(Math.abs(it.ds_posterior[l] - ref.dawid_skene.posterior[it.item][c]) < 1e-6),
    );
  for (const x of out.raters) {
    assert.equal(x.gold_n, 0);
    assert.equal(x.gold_accuracy, null);
    assert.equal(x.gold_ci95, null);
    assert.ok(Math.abs(x.mace_spam - ref.mace.spam[x.rater]) < 1e-6);
  }
  const text = cli(["--ratings", "lib/quality/reliability/fixtures/ratings.jsonl"]);
  assert.equal(text.status, 0);
  assert.match(text.stdout, /DS acc/);
});

test("tripjudge reliability names the bad line of a gold file, refuses an oversized file, and shows usage without --ratings", () => {
  const gold = path.join(dir, "bad-gold.jsonl");
  writeFileSync(gold, '{"item": "p001", "label": "A"}\n{"item": "p002", "label": "maybe"}\n');
  const r = cli(["--ratings", "lib/quality/reliability/fixtures/ratings.jsonl", "--gold", gold, "--json"]);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /bad-gold\.jsonl:2: "maybe" is not one of the labels A, B, NEITHER/);
  const big = cli(["--ratings", "lib/quality/reliability/fixtures/ratings.jsonl", "--json"], {
    IMPORT_MAX_BYTES: "1000",
  });
  assert.equal(big.status, 1);
  assert.match(big.stderr, /larger than IMPORT_MAX_BYTES/);
  assert.equal(cli(["--json"]).status, 2);
  const missing = cli(["--ratings", path.join(dir, "nope.jsonl")]);
  assert.equal(missing.status, 1);
  assert.match(missing.stderr, /no such file/);
});

test("Snow et al.'s RTE labels: the label set is printed and used as given; confusion matrices and MACE's item posteriors match the reference", () => {
  const snow = "lib/quality/reliability/fixtures/snow-rte";
  const sref = JSON.parse(readFileSync(`${snow}/reference.json`, "utf8"));
  const close = (a: number, b: number) => Math.abs(a - b) < 1e-6;
  for (const labels of ["A,B", "A,B,NEITHER"]) {
    const r = cli(["--ratings", `${snow}/ratings.jsonl`, "--gold", `${snow}/gold.jsonl`, "--labels", labels, "--json"]);
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    const want = sref[labels];
    assert.deepEqual(out.labels, labels.split(","));
    assert.deepEqual(out.unused_labels, labels === "A,B" ? [] : ["NEITHER"]);
    for (const it of out.items) {
      out.labels.forEach((l: string, c: number) => {
        assert.ok(close(it.ds_posterior[l], want.ds_posterior[it.item][c]), `${labels} ${it.item} DS ${l}`);
        assert.ok(close(it.mace_posterior[l], want.mace_posterior[it.item][c]), `${labels} ${it.item} MACE ${l}`);
      });
      const best = out.labels.reduce(
        (a: string, l: string) => (it.mace_posterior[l] > it.mace_posterior[a] ? l : a),
        out.labels[0],
      );
      assert.equal(it.mace_label, best);
    }
    for (const x of out.raters) {
      assert.ok(close(x.mace_spam, want.mace_spam[x.rater]), `${labels} ${x.rater} spam`);
      out.labels.forEach((t: string, tc: number) =>
        out.labels.forEach((g: string, gc: number) =>
          assert.ok(
            close(x.ds_confusion[t][g], want.ds_confusion[x.rater][tc][gc]),
            `${labels} ${x.rater} confusion ${t}→${g}`,
          ),
        ),
      );
    }
  }
  // The default label set includes NEITHER: the table says so and names --labels.
  const text = cli(["--ratings", `${snow}/ratings.jsonl`]);
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, /^labels: A, B, NEITHER/);
  assert.match(
    text.stdout,
    /no rating uses NEITHER: if the data have fewer labels, pass them with --labels \(e\.g\. --labels A,B\)/,
  );
  assert.match(cli(["--ratings", `${snow}/ratings.jsonl`, "--labels", "A,B"]).stdout, /^labels: A, B \(/);
});
