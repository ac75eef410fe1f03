/**
 * Guaranteed escalation on a dataset, in the database: the setting (drawing the calibration sample), one step as
 * the worker runs it (lib/results/escalation/dataset.ts decides; tj_escalation_* apply, decision 002), the
 * status the Judges page shows, and which escalations use a verdict file (and their recalibration once it is
 * removed). The method: docs/escalation.md.
 */
import { randomBytes } from "node:crypto";
import { AppError } from "../../kernel";
import { labelOf } from "../agreement";
import {
  auditJudge,
  escalationSettings,
  escalationStep,
  pauseReason,
  type EscalationPair,
  type EscalationSettings,
  type JudgeAudit,
} from "../escalation";
import { BUILT_IN_JUDGES } from "../alignment";
import { judgeCalls } from "./judge-calls";
import { currentWeights } from "./fits";
import { poolOf, type Db } from "../../platform/db";
import type { Verdict } from "../../judging/verdict";

/** Pairs read per query and decisions written per statement. */
const BATCH = 5000;

/** What the last step found, kept on the dataset (Dataset.escalationState). */
export interface EscalationState {
  /** The calibration sample's draw (md5 of the pair id and this seed). */
  seed: string;
  phase: "calibrating" | "deciding" | "paused";
  labelled: number;
  sample: number;
  /** Per judge of the cascade, from the last calibration (empty while calibrating). */
  stages: {
    judge: string;
    threshold: number | null;
    calibrationItems: number;
    decided: number;
    disagreements: number;
    upperBound: number | null;
  }[];
  audits: JudgeAudit[];
  /** Why decisions are paused (phase "paused"). */
  paused: string | null;
  /** The dataset's complete and open pairs when the step ran: the worker steps again when they change. */
  seen: string;
  at: string;
}

function settingsOf(value: unknown): EscalationSettings | null {
  if (value == null) return null;
  const r = escalationSettings.safeParse(value);
  return r.success ? r.data : null;
}

/** The judges an escalation may name on a dataset: uploaded ones with verdicts on its pairs, and the reward judges. */
export async function escalationJudges(db: Db, datasetId: string): Promise<string[]> {
  const { rows } = await poolOf(db).query<{ judge: string }>(
    `SELECT DISTINCT v.judge FROM "JudgeVerdict" v JOIN "Pair" p ON p.id = v."pairId" JOIN "Query" q ON q.id = p."queryId"
      WHERE q."datasetId" = $1 ORDER BY 1`,
    [datasetId],
  );
  // The adopted-weights judge exists once weights are adopted (as on the alignment board).
  const { adoption } = await currentWeights(db);
  return [BUILT_IN_JUDGES.defaults, ...(adoption ? [BUILT_IN_JUDGES.adopted] : []), ...rows.map((r) => r.judge)];
}

/**
 * Turns escalation on (or changes it: a fresh calibration sample, earlier decisions back to the experts) or off
 * (null: every pair to the experts again). Then runs a step, so pairs already labelled count at once.
 */
export async function setEscalation(db: Db, datasetId: string, input: unknown, actorId: string) {
  const dataset = await db.dataset.findUnique({ where: { id: datasetId }, select: { id: true, escalation: true } });
  if (!dataset) throw new AppError("not_found", "No such dataset.");
  // The audit event's before: the settings in force (null: off).
  const before = dataset.escalation ?? null;
  const pool = poolOf(db);
  if (input === null) {
    await pool.query(`UPDATE "Dataset" SET escalation = NULL, "escalationState" = NULL WHERE id = $1`, [datasetId]);
    const reopened = (await pool.query<{ n: number }>(`SELECT tj_escalation_reopen($1) AS n`, [datasetId])).rows[0];
    await pool.query(`SELECT tj_escalation_sample($1, 0, '')`, [datasetId]);
    await db.auditEvent.create({
      data: {
        actorId,
        action: "dataset.escalation",
        targetType: "Dataset",
        targetId: datasetId,
        data: { on: false, before, after: null },
      },
    });
    return { on: false as const, reopened: reopened?.n ?? 0 };
  }
  const settings = escalationSettings.parse(input);
  const known = new Set(await escalationJudges(db, datasetId));
  const unknown = settings.judges.filter((j) => !known.has(j));
  if (unknown.length)
    throw new AppError(
      "invalid_request",
      `No verdicts of ${unknown.map((j) => `"${j}"`).join(", ")} on this dataset's pairs: upload them on the Judges page first.`,
    );
  // A sample as large as the dataset leaves nothing to decide: said now, not found out later.
  const pairs = (
    await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "Pair" p JOIN "Query" q ON q.id = p."queryId" WHERE q."datasetId" = $1`,
      [datasetId],
    )
  ).rows[0].n;
  if (settings.calibrationPairs >= pairs)
    throw new AppError(
      "invalid_request",
      `This dataset has ${pairs} pairs: a calibration sample of ${settings.calibrationPairs} would leave none for the judges to decide. Choose fewer calibration pairs (at least 30, the fewest a threshold is tested on).`,
    );
  const seed = randomBytes(8).toString("hex");
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query(`UPDATE "Dataset" SET escalation = $2::jsonb, "escalationState" = $3::jsonb WHERE id = $1`, [
      datasetId,
      JSON.stringify(settings),
      JSON.stringify({ seed, phase: "calibrating", seen: "" }),
    ]);
    await client.query(`SELECT tj_escalation_sample($1, $2, $3)`, [datasetId, settings.calibrationPairs, seed]);
    await client.query(
      `INSERT INTO "AuditEvent" (id, "actorId", action, "targetType", "targetId", data)
       VALUES ($1, $2, 'dataset.escalation', 'Dataset', $3, $4::jsonb)`,
      [
        randomBytes(12).toString("hex"),
        actorId,
        datasetId,
        JSON.stringify({ on: true, ...settings, before, after: settings }),
      ],
    );
    await client.query("COMMIT");
  } catch (e) {
    await client.query("ROLLBACK").catch(() => {});
    throw e;
  } finally {
    client.release();
  }
  return { on: true as const, state: await runEscalation(db, datasetId) };
}

type PairRow = {
  id: string;
  status: "OPEN" | "COMPLETE" | "DECIDED";
  calibration: boolean;
  claimed: number;
  submitted: number;
  required: number;
  decided: boolean;
  verdicts: Verdict[] | null;
  adjudicated: Verdict | null;
};

/** The dataset's pairs, in batches by id, with what the step needs of each. */
async function* datasetPairs(db: Db, datasetId: string): AsyncGenerator<PairRow> {
  const pool = poolOf(db);
  for (let after = ""; ;) {
    const { rows } = await pool.query<PairRow>(
      `SELECT p.id, p.status, p."escalationCalibration" AS calibration, p."claimedCount" AS claimed,
              p."submittedCount" AS submitted, p."requiredRaters" AS required,
              EXISTS (SELECT 1 FROM "JudgeDecision" d WHERE d."pairId" = p.id) AS decided,
              CASE WHEN p.status = 'COMPLETE' THEN
                (SELECT array_agg(j.verdict::text ORDER BY j.id) FROM "Judgment" j WHERE j."pairId" = p.id) END AS verdicts,
              (SELECT a.label::text FROM "Adjudication" a WHERE a."pairId" = p.id) AS adjudicated
         FROM "Pair" p JOIN "Query" q ON q.id = p."queryId"
        WHERE q."datasetId" = $1 AND p.id > $2 ORDER BY p.id LIMIT $3`,
      [datasetId, after, BATCH],
    );
    if (!rows.length) return;
    yield* rows;
    after = rows[rows.length - 1].id;
  }
}

function humanOf(r: PairRow): Verdict | null {
  if (r.status !== "COMPLETE" || !r.verdicts) return null;
  return labelOf(r.verdicts, r.required, r.adjudicated).label;
}

/**
 * One step of the dataset's escalation (nothing when it is off or paused): audit the decisions the experts have
 * now judged, pause when the audit shows a judge below the promise, else calibrate once the sample is labelled
 * and decide the untouched pairs. Safe to repeat and to run from several workers (tj_escalation_decide takes a
 * lock per dataset and decides only untouched pairs).
 */
export async function runEscalation(db: Db, datasetId: string): Promise<EscalationState | null> {
  const pool = poolOf(db);
  const row = (
    await pool.query<{ escalation: unknown; state: Partial<EscalationState> | null }>(
      `SELECT escalation, "escalationState" AS state FROM "Dataset" WHERE id = $1`,
      [datasetId],
    )
  ).rows[0];
  const settings = settingsOf(row?.escalation);
  if (!row || !settings) return null;
  const prior = row.state ?? {};
  if (prior.phase === "paused") return prior as EscalationState;
  const sig = await signature(db, datasetId);
  const seen = sig.key;
  // While the experts label the sample nothing can be decided: say how far they are without reading the dataset.
  if (sig.labelled < sig.sample || sig.sample === 0) {
    const calibrating: EscalationState = {
      seed: prior.seed ?? "",
      phase: "calibrating",
      labelled: sig.labelled,
      sample: sig.sample,
      stages: [],
      audits: [],
      paused: null,
      seen,
      at: new Date().toISOString(),
    };
    await saveState(db, datasetId, calibrating, row.escalation);
    return calibrating;
  }

  const calls = await judgeCalls(db, datasetId, settings.judges);
  const pairs: EscalationPair[] = [];
  const audits = new Map<string, { verdict: Verdict; human: Verdict }[]>(settings.judges.map((j) => [j, []]));
  const auditRows = new Map(
    (
      await pool.query<{ pairId: string; judge: string; verdict: Verdict }>(
        `SELECT "pairId", judge, verdict::text AS verdict FROM "JudgeDecision" WHERE "datasetId" = $1 AND audit`,
        [datasetId],
      )
    ).rows.map((r) => [r.pairId, r]),
  );
  for await (const r of datasetPairs(db, datasetId)) {
    const human = humanOf(r);
    const audit = auditRows.get(r.id);
    if (audit && human) audits.get(audit.judge)?.push({ verdict: audit.verdict, human });
    const judges = new Map<string, { verdict: Verdict; confidence: number }>();
    for (const j of settings.judges) {
      const c = calls.get(j)?.get(r.id);
      if (c) judges.set(j, c);
    }
    pairs.push({
      id: r.id,
      calibration: r.calibration,
      human,
      complete: r.status === "COMPLETE",
      untouched: r.status === "OPEN" && !r.calibration && r.claimed === 0 && r.submitted === 0 && !r.decided,
      judges,
    });
  }
  const judgeAudits = settings.judges.map((j) => auditJudge(j, audits.get(j)!, settings));
  const base = { seed: prior.seed ?? "", audits: judgeAudits, seen, at: new Date().toISOString() };
  const reason = pauseReason(judgeAudits, settings);
  let state: EscalationState;
  if (reason) {
    await pool.query(`SELECT tj_escalation_reopen($1)`, [datasetId]);
    state = {
      ...base,
      phase: "paused",
      labelled: prior.labelled ?? 0,
      sample: prior.sample ?? 0,
      stages: prior.stages ?? [],
      paused: reason,
    };
  } else {
    const { phase, decisions } = escalationStep(pairs, settings);
    for (let i = 0; i < decisions.length; i += BATCH) {
      const part = decisions.slice(i, i + BATCH);
      await pool.query(`SELECT tj_escalation_decide($1, $2, $3, $4, $5, $6, $7)`, [
        datasetId,
        part.map((d) => d.pairId),
        part.map((d) => d.judge),
        part.map((d) => d.verdict),
        part.map((d) => d.confidence),
        part.map((d) => d.threshold),
        part.map((d) => d.audit),
      ]);
    }
    state =
      phase.phase === "calibrating"
        ? { ...base, phase: "calibrating", labelled: phase.labelled, sample: phase.sample, stages: [], paused: null }
        : {
            ...base,
            phase: "deciding",
            labelled: pairs.filter((p) => p.calibration).length,
            sample: pairs.filter((p) => p.calibration).length,
            stages: phase.stages.map((s) => ({
              judge: s.judge,
              threshold: s.threshold,
              calibrationItems: s.calibrationItems,
              decided: s.decided,
              disagreements: s.disagreements,
              upperBound: s.upperBound,
            })),
            paused: null,
          };
  }
  await saveState(db, datasetId, state, row.escalation);
  return state;
}

/** Written only while the setting is the one the step read (an admin may have changed it meanwhile). */
async function saveState(db: Db, datasetId: string, state: EscalationState, setting: unknown) {
  await poolOf(db).query(
    `UPDATE "Dataset" SET "escalationState" = $2::jsonb WHERE id = $1 AND escalation = $3::jsonb`,
    [datasetId, JSON.stringify(state), JSON.stringify(setting)],
  );
}

/**
 * What a step depends on, counted cheaply: the sample and how much of it the experts have labelled, the dataset's
 * pairs (new ones may be decided), and the audit pairs the experts have completed. A step with the same signature
 * would change nothing that matters, so the worker does not read the dataset again while experts judge.
 */
async function signature(db: Db, datasetId: string): Promise<{ key: string; sample: number; labelled: number }> {
  const { rows } = await poolOf(db).query<{ sample: number; labelled: number; pairs: number; audited: number }>(
    `SELECT count(*) FILTER (WHERE p."escalationCalibration")::int AS sample,
            count(*) FILTER (WHERE p."escalationCalibration" AND p.status = 'COMPLETE')::int AS labelled,
            count(*)::int AS pairs,
            (SELECT count(*)::int FROM "JudgeDecision" d JOIN "Pair" x ON x.id = d."pairId"
              WHERE d."datasetId" = $1 AND d.audit AND x.status = 'COMPLETE') AS audited
       FROM "Pair" p JOIN "Query" q ON q.id = p."queryId" WHERE q."datasetId" = $1`,
    [datasetId],
  );
  const r = rows[0] ?? { sample: 0, labelled: 0, pairs: 0, audited: 0 };
  return { key: `${r.labelled}:${r.sample}:${r.pairs}:${r.audited}`, sample: r.sample, labelled: r.labelled };
}

/** The worker's sweep: a step for each dataset with escalation on whose pairs changed since its last step. */
export async function escalationSweep(db: Db): Promise<number> {
  const { rows } = await poolOf(db).query<{ id: string; seen: string | null; phase: string | null }>(
    `SELECT id, "escalationState"->>'seen' AS seen, "escalationState"->>'phase' AS phase
       FROM "Dataset" WHERE escalation IS NOT NULL`,
  );
  let stepped = 0;
  for (const d of rows) {
    if (d.phase === "paused" || (await signature(db, d.id)).key === d.seen) continue;
    await runEscalation(db, d.id);
    stepped++;
  }
  return stepped;
}

/** A dataset whose escalation uses a verdict file: its cascade's judges that the file holds verdicts of there. */
export interface EscalationUse {
  datasetId: string;
  dataset: string;
  judges: string[];
}

/**
 * Per verdict file (JudgeImport id), the datasets whose escalation (on) names one of its judges and which it holds
 * verdicts of that judge on: removing the file changes what those escalations calibrate and decide on. A lookup per
 * dataset with escalation on and judge of the file (few), each by the verdicts' judge index.
 */
export async function escalationUses(db: Db, importIds?: readonly string[]): Promise<Map<string, EscalationUse[]>> {
  const { rows } = await poolOf(db).query<{ importId: string; datasetId: string; dataset: string; judges: string[] }>(
    `SELECT i.id AS "importId", d.id AS "datasetId", d.name AS dataset, array_agg(j ORDER BY j) AS judges
       FROM "JudgeImport" i CROSS JOIN LATERAL unnest(i.judges) AS j
       JOIN "Dataset" d ON d.escalation IS NOT NULL AND d.escalation->'judges' ? j
      WHERE ($1::text[] IS NULL OR i.id = ANY($1))
        AND EXISTS (SELECT 1 FROM "JudgeVerdict" v JOIN "Pair" p ON p.id = v."pairId" JOIN "Query" q ON q.id = p."queryId"
                     WHERE v.judge = j AND v."importId" = i.id AND q."datasetId" = d.id)
      GROUP BY i.id, d.id, d.name ORDER BY d.name, d.id`,
    [importIds ?? null],
  );
  const out = new Map<string, EscalationUse[]>();
  for (const r of rows) {
    const list = out.get(r.importId) ?? [];
    list.push({ datasetId: r.datasetId, dataset: r.dataset, judges: r.judges });
    out.set(r.importId, list);
  }
  return out;
}

/**
 * After verdicts an escalation used are removed: its decisions go back to the experts (they rested on verdicts that
 * are gone) and it steps again at once — on the calibration sample the experts already labelled, with the verdicts
 * that remain (a judge left without any abstains on every pair). A step that fails here is the worker's to take:
 * the state forgets what it saw.
 */
export async function recalibrateAfterRemoval(db: Db, datasetId: string): Promise<EscalationState | null> {
  const pool = poolOf(db);
  await pool.query(`SELECT tj_escalation_reopen($1)`, [datasetId]);
  await pool.query(
    `UPDATE "Dataset" SET "escalationState" = jsonb_set("escalationState", '{seen}', '""')
      WHERE id = $1 AND "escalationState" IS NOT NULL`,
    [datasetId],
  );
  return runEscalation(db, datasetId);
}

/** What the Judges page shows of a dataset's escalation: settings, the last step, and the decisions so far. */
export async function escalationStatus(db: Db, datasetId: string) {
  const pool = poolOf(db);
  const row = (
    await pool.query<{ escalation: unknown; state: EscalationState | null }>(
      `SELECT escalation, "escalationState" AS state FROM "Dataset" WHERE id = $1`,
      [datasetId],
    )
  ).rows[0];
  if (!row) throw new AppError("not_found", "No such dataset.");
  const { rows: byJudge } = await pool.query<{ judge: string; decided: number; audit: number; saved: number }>(
    `SELECT d.judge, count(*) FILTER (WHERE NOT d.audit)::int AS decided, count(*) FILTER (WHERE d.audit)::int AS audit,
            coalesce(sum(p."requiredRaters") FILTER (WHERE NOT d.audit), 0)::int AS saved
       FROM "JudgeDecision" d JOIN "Pair" p ON p.id = d."pairId" WHERE d."datasetId" = $1 GROUP BY d.judge`,
    [datasetId],
  );
  const { rows: totals } = await pool.query<{ pairs: number; outside: number }>(
    `SELECT count(*)::int AS pairs, count(*) FILTER (WHERE NOT p."escalationCalibration")::int AS outside
       FROM "Pair" p JOIN "Query" q ON q.id = p."queryId" WHERE q."datasetId" = $1`,
    [datasetId],
  );
  return {
    settings: settingsOf(row.escalation),
    state: row.state,
    judges: await escalationJudges(db, datasetId),
    decisions: byJudge,
    pairs: totals[0]?.pairs ?? 0,
    /** The pairs outside the calibration sample: what coverage is a share of. */
    outsideSample: totals[0]?.outside ?? 0,
  };
}
export type EscalationStatus = Awaited<ReturnType<typeof escalationStatus>>;
