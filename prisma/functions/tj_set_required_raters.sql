-- tj_set_required_raters, as in force. This file is its only definition from now on (migration 20261123120000_pair_state_functions last defined it);
-- lib/platform/db/migrate.ts applies it after the versioned migrations whenever it changes.
-- Raters per pair for a dataset's pairs: never below the live claims and judgments a pair already has;
-- pairs complete or reopen accordingly (a pair a judge DECIDED keeps its state: escalation reopens it). The analytics tallies are rebuilt once rather than row by row.
-- The audit event says the raters before (the most any pair of the dataset needed, as the Assign page shows) and after.
-- Returns the pairs changed.
CREATE OR REPLACE FUNCTION tj_set_required_raters(p_admin text, p_dataset text, p_raters integer, p_audit_id text) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_changed integer;
  v_before integer;
BEGIN
  SELECT max(p."requiredRaters") INTO v_before FROM "Pair" p JOIN "Query" q ON q.id = p."queryId" WHERE q."datasetId" = p_dataset;
  PERFORM tj_bulk_pairs_begin();
  UPDATE "Pair" p SET "requiredRaters" = GREATEST(p_raters, p."claimedCount" + p."submittedCount"),
    status = (CASE WHEN p."submittedCount" >= GREATEST(p_raters, p."claimedCount" + p."submittedCount") THEN 'COMPLETE' ELSE 'OPEN' END)::"PairStatus"
    FROM "Query" q WHERE q.id = p."queryId" AND q."datasetId" = p_dataset AND p.status <> 'DECIDED';
  GET DIAGNOSTICS v_changed = ROW_COUNT;
  PERFORM tj_bulk_pairs_end();
  INSERT INTO "AuditEvent" (id, "actorId", action, "targetType", "targetId", data)
    VALUES (p_audit_id, p_admin, 'dataset.raters', 'Dataset', p_dataset, jsonb_build_object('raters', p_raters, 'changed', v_changed,
      'before', jsonb_build_object('raters', v_before), 'after', jsonb_build_object('raters', p_raters)));
  RETURN v_changed;
END $$;
