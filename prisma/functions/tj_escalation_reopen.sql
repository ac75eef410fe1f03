-- tj_escalation_reopen: lib/platform/db/migrate.ts applies it after the versioned migrations whenever it changes.
-- Gives a dataset's judge-decided pairs back to the experts (escalation turned off, recalibrated, or paused because
-- the audit shows the judges below the promised agreement) and removes the decisions. Returns the pairs reopened.
CREATE OR REPLACE FUNCTION tj_escalation_reopen(p_dataset text) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_n integer;
BEGIN
  UPDATE "Pair" p SET status = 'OPEN'
    FROM "JudgeDecision" d WHERE d."pairId" = p.id AND d."datasetId" = p_dataset AND p.status = 'DECIDED';
  GET DIAGNOSTICS v_n = ROW_COUNT;
  DELETE FROM "JudgeDecision" WHERE "datasetId" = p_dataset;
  RETURN v_n;
END $$;
