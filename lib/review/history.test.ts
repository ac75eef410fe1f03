/** A pair's history from its rows: how a released claim is told apart, statuses added later, ties, people as keys. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { pairHistory, type HistoryAssignment, type HistoryRows } from "./history";

const at = (s: number) => new Date(Date.UTC(2026, 10, 28, 12, 0, s));
const who = (id: string | null) => (id ? `key-${id}` : null);

function assignment(o: Partial<HistoryAssignment> & Pick<HistoryAssignment, "id" | "userId">): HistoryAssignment {
  return {
    slot: 1,
    status: "CLAIMED",
    leftIsA: true,
    claimedAt: at(1),
    completedAt: null,
    skipReason: null,
    submittedAt: null,
    verdict: null,
    ...o,
  };
}

const rows = (o: Partial<HistoryRows>): HistoryRows => ({
  pair: { createdAt: at(0) },
  assignments: [],
  audits: [],
  adjudication: null,
  decision: null,
  judgeImports: [],
  corrections: [],
  reviews: [],
  ...o,
});

test("a release is an admin's, a reassignment or a removal of the expert's judgments, told by the audit events", () => {
  const h = pairHistory(
    rows({
      assignments: [
        assignment({ id: "a1", userId: "u1", status: "RELEASED", claimedAt: at(1), completedAt: at(2) }),
        assignment({
          id: "a2",
          userId: "u2",
          status: "RELEASED",
          claimedAt: at(3),
          completedAt: at(4),
          leftIsA: false,
        }),
        assignment({ id: "a3", userId: "u3", status: "CLAIMED", claimedAt: at(4) }),
        assignment({ id: "a4", userId: "u4", status: "RELEASED", claimedAt: at(5), completedAt: at(6) }),
        assignment({ id: "a5", userId: "u5", status: "RELEASED", claimedAt: at(7), completedAt: at(8) }),
      ],
      audits: [
        {
          action: "assignment.release",
          actorId: "ad",
          targetType: "Assignment",
          targetId: "a1",
          data: null,
          createdAt: at(2),
        },
        {
          action: "assignment.reassign",
          actorId: "ad",
          targetType: "Assignment",
          targetId: "a2",
          data: { to: "u3", newAssignment: "a3" },
          createdAt: at(4),
        },
        {
          action: "expert.remove_judgments",
          actorId: "ad",
          targetType: "User",
          targetId: "u4",
          data: {},
          createdAt: at(6),
        },
        // Another removal of the same kind at another moment says nothing about a5.
        {
          action: "expert.remove_judgments",
          actorId: "ad",
          targetType: "User",
          targetId: "u5",
          data: {},
          createdAt: at(9),
        },
      ],
    }),
    who,
  );
  assert.deepEqual(
    h.map((e) => [e.kind, "who" in e ? e.who : null, "by" in e ? e.by : null]),
    [
      ["created", null, null],
      ["claimed", "key-u1", null],
      ["released", "key-u1", "key-ad"],
      ["claimed", "key-u2", null],
      // The new claim is made in the reassignment's statement: the same moment, after it.
      ["reassigned", "key-u2", "key-ad"],
      ["claimed", "key-u3", null],
      ["claimed", "key-u4", null],
      ["judgments-removed", "key-u4", "key-ad"],
      ["claimed", "key-u5", null],
      ["released", "key-u5", null],
    ],
  );
  const reassigned = h.find((e) => e.kind === "reassigned");
  assert.equal(reassigned?.kind === "reassigned" && reassigned.to, "key-u3");
  const claim = h.find((e) => e.kind === "claimed" && e.who === "key-u2");
  assert.equal(claim?.kind === "claimed" && claim.leftPlan, "B");
});

test("a status this page does not know yet ends its claim as 'ended', with the status named", () => {
  const h = pairHistory(
    rows({ assignments: [assignment({ id: "a", userId: "u", status: "WITHDRAWN", completedAt: at(5) })] }),
    who,
  );
  assert.deepEqual(h.at(-1), { kind: "ended", at: at(5).toISOString(), who: "key-u", slot: 1, status: "WITHDRAWN" });
});

test("a rejected judgment was submitted first; the reviewers' actions follow, each with its reviewer and text", () => {
  const h = pairHistory(
    rows({
      assignments: [
        assignment({ id: "a", userId: "u", status: "REJECTED", completedAt: at(2), submittedAt: at(2), verdict: "B" }),
      ],
      reviews: [
        {
          judgmentId: "j1",
          reviewerId: "r",
          expertId: "u",
          slot: 1,
          action: "COMMENT",
          text: "Check the hours.",
          createdAt: at(3),
        },
        {
          judgmentId: "j1",
          reviewerId: "r",
          expertId: "u",
          slot: 1,
          action: "REJECT",
          text: "Another city.",
          createdAt: at(4),
        },
      ],
    }),
    who,
  );
  assert.deepEqual(
    h.map((e) => e.kind),
    ["created", "claimed", "submitted", "reviewed", "reviewed"],
  );
  assert.deepEqual(h.at(-1), {
    kind: "reviewed",
    at: at(4).toISOString(),
    by: "key-r",
    who: "key-u",
    slot: 1,
    action: "reject",
    text: "Another city.",
  });
});

test("an adjudication without its audit event stands for itself; with events, each one is listed", () => {
  const adjudication = { label: "B" as const, note: null, adminId: "ad", createdAt: at(3) };
  assert.deepEqual(
    pairHistory(rows({ adjudication }), who).map((e) => e.kind),
    ["created", "adjudicated"],
  );
  const audits = ["A", "B"].map((label, i) => ({
    action: "pair.adjudicate",
    actorId: "ad",
    targetType: "Pair",
    targetId: "p",
    data: { label, note: `n${i}` },
    createdAt: at(2 + i),
  }));
  const h = pairHistory(rows({ adjudication, audits }), who);
  assert.deepEqual(
    h.map((e) => (e.kind === "adjudicated" ? [e.label, e.note] : e.kind)),
    ["created", ["A", "n0"], ["B", "n1"]],
  );
});

test("events of one moment keep their sources' order; the events are sorted by time", () => {
  const h = pairHistory(
    rows({
      decision: { judge: "j", verdict: "A", confidence: 0.9, threshold: 0.8, audit: false, createdAt: at(4) },
      judgeImports: [{ name: "f.jsonl", judges: ["j"], createdAt: at(4) }],
      corrections: [{ id: "c", userId: "u", plan: "A", createdAt: at(4) }],
      assignments: [
        assignment({ id: "a", userId: "u", status: "SUBMITTED", completedAt: at(4), submittedAt: at(4), verdict: "A" }),
      ],
    }),
    who,
  );
  assert.deepEqual(
    h.map((e) => e.kind),
    ["created", "claimed", "submitted", "corrected", "judge-verdicts", "judge-decided"],
  );
});
