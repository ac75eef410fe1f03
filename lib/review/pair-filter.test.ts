/** The pair browser's model: an address round-trips, a bad parameter is refused with what is wrong, cursors are checked. */
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  DEFAULT_COLUMNS,
  decodePairCursor,
  encodePairCursor,
  filterOf,
  issuesText,
  pairFilterFromText,
  pairQueryParams,
  parsePairQuery,
  type PairQuery,
} from "./pair-filter";
import { searchTerms } from "./search";
import { MAJORITY_BY_PATTERN, UNANIMOUS_PATTERNS, agreementOf, pairStatusOf } from "./pair-classes";
import { verdictPattern } from "../judging/verdict";

const parse = (s: string): PairQuery => {
  const r = parsePairQuery(new URLSearchParams(s));
  assert.ok(r.success, r.success ? "" : issuesText(r.error));
  return r.data;
};
const refusal = (s: string) => {
  const r = parsePairQuery(new URLSearchParams(s));
  assert.ok(!r.success, `${s} was accepted`);
  return issuesText(r.error);
};

test("an empty address is every pair, newest first, the default columns, 50 a page", () => {
  const q = parse("");
  assert.equal(q.sort, "created");
  assert.equal(q.dir, "desc");
  assert.equal(q.size, 50);
  assert.equal(q.cols, undefined);
  assert.deepEqual(filterOf(q), {});
  assert.equal(pairQueryParams(q).toString(), "", "the defaults are left out of the address");
  assert.deepEqual(DEFAULT_COLUMNS.includes("request"), true);
});

test("every field survives the address: parse(params(parse(x))) is parse(x)", () => {
  const cursor = encodePairCursor({ sort: "judgments", dir: "asc", value: 2, id: "cmpair01" });
  const address = new URLSearchParams({
    q: "opening hours 开放时间",
    in: "rationales",
    dataset: "ds1",
    destination: "d1",
    planner: "gpt-x",
    versus: "claude-y",
    status: "complete",
    agreement: "split",
    gold: "real",
    corrected: "none",
    expert: "u1",
    judge: "judge-x",
    judge_vs: "disagrees",
    strength: "3",
    dimension: "route:SAME",
    sort: "judgments",
    dir: "asc",
    cols: "verdicts,request,rationale",
    size: "100",
    after: cursor,
  }).toString();
  const q = parse(address);
  assert.deepEqual(q.dimension, { key: "route", answer: "SAME" });
  assert.equal(q.strength, 3);
  assert.deepEqual(q.cols, ["request", "verdicts", "rationale"], "columns in the table's order");
  assert.deepEqual(q.after, { sort: "judgments", dir: "asc", value: 2, id: "cmpair01" });
  const again = parse(pairQueryParams(q).toString());
  assert.deepEqual(again, q);
  // Blank fields (an untouched form's selects) are no filter at all.
  assert.deepEqual(filterOf(parse("q=&status=&dataset=&cols=")), {});
});

test("column boxes (cols repeated) read as one list; the default set is not written", () => {
  const q = parse("cols=status&cols=request");
  assert.deepEqual(q.cols, ["request", "status"]);
  const defaults = parse(`cols=${DEFAULT_COLUMNS.join(",")}`);
  assert.equal(pairQueryParams(defaults).has("cols"), false);
});

test("bad parameters are refused, each saying what was expected", () => {
  for (const [address, message] of [
    ["status=done", /status: expected one of waiting, in_progress, complete, decided/],
    ["agreement=2-1", /agreement: expected one of unanimous, majority, split, adjudicated/],
    ["strength=4", /strength: expected a strength: 1, 2 or 3/],
    ["strength=x", /strength: expected a strength: 1, 2 or 3/],
    ["dimension=route", /dimension: expected KEY:A, KEY:B, KEY:SAME or KEY:NA/],
    ["cols=request,score", /cols: no column "score" \(columns: request, dataset/],
    ["sort=rating", /sort: expected one of created, judgments, priority/],
    ["dir=up", /dir: expected asc or desc/],
    ["size=5", /size: at least 10 pairs a page/],
    ["after=not-a-cursor", /after: is not a page of this list \(follow the page links\)/],
    ["versus=m1", /versus: versus needs a planner/],
    [`q=${"x".repeat(201)}`, /q: a search of 200 characters at most/],
    ["judge_vs=sometimes", /judge_vs: expected one of disagrees, agrees/],
  ] as const)
    assert.match(refusal(address), message, address);
  const a = encodePairCursor({ sort: "created", dir: "desc", value: "2026-11-28T10:00:00.000", id: "p1" });
  assert.match(refusal(`after=${a}&before=${a}`), /a page is after one place or before one, not both/);
  // A page link of another sort is refused rather than read in the wrong order.
  assert.match(
    refusal(`sort=judgments&after=${a}`),
    /after: is a page of the list sorted by created \(desc\), not by judgments \(desc\)/,
  );
});

test("cursors: written and read back, anything else is not one", () => {
  const c = { sort: "priority" as const, dir: "desc" as const, value: 0.12345678901234568, id: "cm-ü" };
  assert.deepEqual(decodePairCursor(encodePairCursor(c)), c);
  const created = { sort: "created" as const, dir: "asc" as const, value: "2026-11-28T10:00:00.123", id: "p" };
  assert.deepEqual(decodePairCursor(encodePairCursor(created)), created);
  assert.equal(decodePairCursor("%%%"), null);
  assert.equal(decodePairCursor(btoa(JSON.stringify(["created", "asc", 5, "p"]))), null, "a time sort holds a time");
  assert.equal(decodePairCursor(btoa(JSON.stringify(["created", "asc", "yesterday", "p"]))), null);
  assert.equal(decodePairCursor(btoa(JSON.stringify(["judgments", "asc", "2", "p"]))), null);
});

test("an export's pair_filter: a query string or the browser's whole address, the view's parts left out", () => {
  const url = "https://tripjudge.example/admin/pairs?status=complete&q=opening+hours&sort=judgments&cols=request";
  const r = pairFilterFromText(url);
  assert.ok(r.success);
  assert.deepEqual(r.data, { status: "complete", q: "opening hours" });
  const s = pairFilterFromText("?agreement=split&destination=d1");
  assert.ok(s.success);
  assert.deepEqual(s.data, { agreement: "split", destination: "d1" });
  const bad = pairFilterFromText("status=finished");
  assert.ok(!bad.success);
  assert.match(issuesText(bad.error), /status: expected one of/);
});

test("a search: Latin words for the English configuration, each CJK run as its grams and as written", () => {
  assert.deepEqual(searchTerms("opening hours"), { words: "opening hours", grams: null, runs: [], without: [] });
  assert.deepEqual(searchTerms("故宫"), { words: "", grams: "'故宫'", runs: ["故宫"], without: [] });
  assert.deepEqual(searchTerms("开放时间"), {
    words: "",
    grams: "'开放' & '放时' & '时间'",
    runs: ["开放时间"],
    without: [],
  });
  assert.deepEqual(searchTerms("宫"), { words: "", grams: "'宫':*", runs: ["宫"], without: [] });
  assert.deepEqual(searchTerms(' "opening hours" 故宫 metro 故宫 '), {
    words: '"opening hours" metro',
    grams: "'故宫'",
    runs: ["故宫"],
    without: [],
  });
  // Japanese kana and Korean are CJK runs too; an astral Han character is one character.
  assert.deepEqual(searchTerms("ホテル").runs, ["ホテル"]);
  assert.equal(searchTerms("𠀋𠀋").grams, "'𠀋𠀋'");
  // Chinese punctuation separates runs.
  assert.deepEqual(searchTerms("酒店，地铁").runs, ["酒店", "地铁"]);
  // A minus (ASCII or full-width) at a word's start excludes a CJK run, as "-word" does an English word; one inside a
  // word is a hyphen.
  assert.deepEqual(searchTerms("开放时间 -闭馆"), {
    words: "",
    grams: "'开放' & '放时' & '时间'",
    runs: ["开放时间"],
    without: ["闭馆"],
  });
  assert.deepEqual(searchTerms("-博物院 闭馆 －地铁 closes -museum"), {
    words: "closes -museum",
    grams: "'闭馆'",
    runs: ["闭馆"],
    without: ["博物院", "地铁"],
  });
  assert.deepEqual(searchTerms("line-地铁").without, []);
});

test("agreement classes by pattern, and a row's status and agreement", () => {
  assert.ok(UNANIMOUS_PATTERNS.includes(verdictPattern(["A", "A", "A"])));
  assert.ok(UNANIMOUS_PATTERNS.includes(verdictPattern(["B", "B"])));
  assert.ok(!UNANIMOUS_PATTERNS.includes(verdictPattern(["A", "B", "A"])));
  assert.equal(MAJORITY_BY_PATTERN[verdictPattern(["A", "B", "A"])], "A");
  assert.equal(MAJORITY_BY_PATTERN[verdictPattern(["A", "B", "NEITHER"])], null);
  assert.equal(MAJORITY_BY_PATTERN[verdictPattern(["NEITHER", "NEITHER", "B"])], "NEITHER");
  assert.equal(pairStatusOf({ status: "OPEN", submittedCount: 0, claimedCount: 0 }), "waiting");
  assert.equal(pairStatusOf({ status: "OPEN", submittedCount: 0, claimedCount: 1 }), "in_progress");
  assert.equal(pairStatusOf({ status: "DECIDED", submittedCount: 0, claimedCount: 0 }), "decided");
  const complete = { status: "COMPLETE", requiredRaters: 3, adjudicated: null };
  assert.equal(agreementOf(["A", "A", "A"], complete), "unanimous");
  assert.equal(agreementOf(["A", "B", "A"], complete), "majority");
  assert.equal(agreementOf(["A", "B", "NEITHER"], complete), "split");
  assert.equal(agreementOf(["A", "B", "NEITHER"], { ...complete, adjudicated: "B" }), "adjudicated");
  assert.equal(agreementOf(["A"], { ...complete, status: "OPEN" }), null);
});
