-- AlterTable
ALTER TABLE "Dataset" ADD COLUMN     "calibrationShare" DOUBLE PRECISION NOT NULL DEFAULT 0.15;

-- AlterTable
ALTER TABLE "Pair" ADD COLUMN     "calibration" BOOLEAN NOT NULL DEFAULT false;

-- Where a pair falls in [0, 1): the first 32 bits of the md5 of its id (lib/assignment/adaptive.ts computes the same).
CREATE FUNCTION tj_pair_draw(p_id text) RETURNS double precision LANGUAGE sql IMMUTABLE AS $$
  SELECT (('x' || substr(md5(p_id), 1, 8))::bit(32)::bigint)::double precision / 4294967296.0
$$;

-- Adaptive raters on or off for a dataset. On: pairs in the calibration share keep three raters; every other
-- open pair needs two (one whose two verdicts already agree completes now; one with a third claim keeps three).
-- Off: pairs left at two get their third rater again. The tallies are rebuilt once at the end.
CREATE FUNCTION tj_set_adaptive(p_admin text, p_dataset text, p_on boolean, p_share double precision, p_audit_id text) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_changed integer;
BEGIN
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
      FROM "Query" q WHERE q.id = p."queryId" AND q."datasetId" = p_dataset AND p."requiredRaters" = 2;
  END IF;
  GET DIAGNOSTICS v_changed = ROW_COUNT;
  PERFORM tj_bulk_pairs_end();
  INSERT INTO "AuditEvent" (id, "actorId", action, "targetType", "targetId", data)
    VALUES (p_audit_id, p_admin, 'dataset.adaptive', 'Dataset', p_dataset, jsonb_build_object('on', p_on, 'calibrationShare', p_share, 'changed', v_changed));
  RETURN v_changed;
END $$;

-- After a judgment: a pair of an adaptive dataset that completed with two different verdicts asks for its third rater.
CREATE FUNCTION tj_adaptive_after_submit(p_judgment text) RETURNS text LANGUAGE plpgsql AS $$
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
