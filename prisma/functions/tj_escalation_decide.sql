-- tj_escalation_decide: lib/platform/db/migrate.ts applies it after the versioned migrations whenever it changes.
-- Records the judges' decisions on pairs (arrays in step) and takes the non-audit ones out of the experts' queue.
-- A pair is decided only while untouched: open, outside the calibration sample, no live claim, no judgment. The
-- UPDATE waits for a claim that holds the pair (FOR UPDATE in tj_claim) and then re-reads those conditions, so a
-- pair an expert took in the meantime stays theirs. Audit pairs stay open for the experts. Returns the pairs decided.
CREATE OR REPLACE FUNCTION tj_escalation_decide(
  p_dataset text, p_pairs text[], p_judges text[], p_verdicts text[], p_confidence double precision[],
  p_thresholds double precision[], p_audit boolean[]
) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_n integer;
BEGIN
  -- One step at a time per dataset (the web's and every worker's): the next one's statement sees these decisions.
  PERFORM pg_advisory_xact_lock(hashtextextended('tj_escalation:' || p_dataset, 0));
  WITH d AS (
    SELECT * FROM unnest(p_pairs, p_judges, p_verdicts, p_confidence, p_thresholds, p_audit)
      AS t(pair_id, judge, verdict, confidence, threshold, audit)
  ), taken AS (
    UPDATE "Pair" p SET status = CASE WHEN d.audit THEN p.status ELSE 'DECIDED'::"PairStatus" END
      FROM d, "Query" q
     WHERE p.id = d.pair_id AND q.id = p."queryId" AND q."datasetId" = p_dataset
       AND p.status = 'OPEN' AND NOT p."escalationCalibration" AND p."claimedCount" = 0 AND p."submittedCount" = 0
       AND NOT EXISTS (SELECT 1 FROM "JudgeDecision" x WHERE x."pairId" = p.id)
    RETURNING p.id
  )
  INSERT INTO "JudgeDecision" ("pairId", "datasetId", judge, verdict, confidence, threshold, audit)
  SELECT d.pair_id, p_dataset, d.judge, d.verdict::"Verdict", d.confidence, d.threshold, d.audit
    FROM d JOIN taken ON taken.id = d.pair_id;
  GET DIAGNOSTICS v_n = ROW_COUNT;
  RETURN v_n;
END $$;
