-- tj_set_adaptive, as in force. This file is its only definition from now on (migration 20261123145027_adaptive_raters last defined it);
-- lib/platform/db/migrate.ts applies it after the versioned migrations whenever it changes.
-- Adaptive raters on or off for a dataset. On: pairs in the calibration share keep three raters; every other
-- open pair needs two (one whose two verdicts already agree completes now; one with a third claim keeps three).
-- Off: pairs left at two get their third rater again. The tallies are rebuilt once at the end.
CREATE OR REPLACE FUNCTION tj_set_adaptive(p_admin text, p_dataset text, p_on boolean, p_share double precision, p_audit_id text) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_changed integer;
  v_before jsonb;
BEGIN
  SELECT jsonb_build_object('on', "adaptiveRaters", 'calibrationShare', "calibrationShare") INTO v_before FROM "Dataset" WHERE id = p_dataset;
  PERFORM tj_bulk_pairs_begin();
  UPDATE "Dataset" SET "adaptiveRaters" = p_on, "calibrationShare" = p_share WHERE id = p_dataset;
  UPDATE "Pair" p SET calibration = tj_pair_draw(p.id) < p_share FROM "Query" q WHERE q.id = p."queryId" AND q."datasetId" = p_dataset;
  IF p_on THEN
    UPDATE "Pair" p SET "requiredRaters" = 2, status = (CASE WHEN p."submittedCount" >= 2 THEN 'COMPLETE' ELSE 'OPEN' END)::"PairStatus"
      FROM "Query" q
     WHERE q.id = p."queryId" AND q."datasetId" = p_dataset AND NOT p.calibration AND p."requiredRaters" = 3 AND p.status = 'OPEN'
       AND p."submittedCount" + p."claimedCount" <= 2
       AND (p."submittedCount" < 2 OR (SELECT count(DISTINCT j.verdict) FROM "Judgment" j WHERE j."pairId" = p.id) = 1);
  ELSE
    UPDATE "Pair" p SET "requiredRaters" = 3, status = 'OPEN'
      FROM "Query" q WHERE q.id = p."queryId" AND q."datasetId" = p_dataset AND p."requiredRaters" = 2 AND p.status <> 'DECIDED';
  END IF;
  GET DIAGNOSTICS v_changed = ROW_COUNT;
  PERFORM tj_bulk_pairs_end();
  INSERT INTO "AuditEvent" (id, "actorId", action, "targetType", "targetId", data)
    VALUES (p_audit_id, p_admin, 'dataset.adaptive', 'Dataset', p_dataset, jsonb_build_object('on', p_on, 'calibrationShare', p_share, 'changed', v_changed,
      'before', v_before, 'after', jsonb_build_object('on', p_on, 'calibrationShare', p_share)));
  RETURN v_changed;
END $$;
