-- tj_adaptive_after_submit, as in force. This file is its only definition from now on (migration 20261123145027_adaptive_raters last defined it);
-- lib/platform/db/migrate.ts applies it after the versioned migrations whenever it changes.
-- After a judgment is stored and before it counts towards its pair (tj_submit): a pair of an adaptive dataset whose
-- two judgments differ asks for its third rater while still open, so it never enters the agreement tallies only to
-- be taken out again (under load that cost more than the rest of the submit). A complete pair would be reopened.
CREATE OR REPLACE FUNCTION tj_adaptive_after_submit(p_judgment text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v record;
BEGIN
  SELECT p.id, p.status, p."requiredRaters", p.calibration, ds."adaptiveRaters" AS adaptive INTO v
    FROM "Judgment" j JOIN "Pair" p ON p.id = j."pairId" JOIN "Query" q ON q.id = p."queryId" JOIN "Dataset" ds ON ds.id = q."datasetId"
   WHERE j.id = p_judgment FOR NO KEY UPDATE OF p; -- the lock tj_submit holds already: no stronger one for the FKs to wait on
  IF FOUND AND v.adaptive AND NOT v.calibration AND v."requiredRaters" = 2
     AND (SELECT count(DISTINCT j.verdict) FROM "Judgment" j WHERE j."pairId" = v.id) > 1 THEN
    UPDATE "Pair" SET "requiredRaters" = 3, status = 'OPEN' WHERE id = v.id;
    RETURN 'third';
  END IF;
  RETURN 'kept';
END $$;
