-- tj_adaptive_after_submit, as in force. This file is its only definition from now on (migration 20261123145027_adaptive_raters last defined it);
-- lib/db/infra/migrate.ts applies it after the versioned migrations whenever it changes.
-- After a judgment: a pair of an adaptive dataset that completed with two different verdicts asks for its third rater.
CREATE OR REPLACE FUNCTION tj_adaptive_after_submit(p_judgment text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v record;
BEGIN
  SELECT p.id, p.status, p."requiredRaters", p.calibration, ds."adaptiveRaters" AS adaptive INTO v
    FROM "Judgment" j JOIN "Pair" p ON p.id = j."pairId" JOIN "Query" q ON q.id = p."queryId" JOIN "Dataset" ds ON ds.id = q."datasetId"
   WHERE j.id = p_judgment FOR UPDATE OF p;
  IF FOUND AND v.adaptive AND NOT v.calibration AND v."requiredRaters" = 2 AND v.status = 'COMPLETE'
     AND (SELECT count(DISTINCT j.verdict) FROM "Judgment" j WHERE j."pairId" = v.id) > 1 THEN
    UPDATE "Pair" SET "requiredRaters" = 3, status = 'OPEN' WHERE id = v.id;
    RETURN 'third';
  END IF;
  RETURN 'kept';
END $$;
