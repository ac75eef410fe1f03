-- tj_escalation_sample: lib/platform/db/migrate.ts applies it after the versioned migrations whenever it changes.
-- Draws a dataset's escalation calibration sample (p_size pairs at random: by md5 of the pair id and the seed,
-- so the draw is fixed once made and the same for every reader) or clears it (p_size 0). A sample pair is
-- served first: its priority carries 2 on top of the serving order's score in [0, 1] (Pair.priority's contract).
-- Pairs a judge DECIDED go back to the experts (the decisions' calibration is gone), and the decisions are
-- removed; audit decisions too. Returns the pairs in the sample.
CREATE OR REPLACE FUNCTION tj_escalation_sample(p_dataset text, p_size integer, p_seed text) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_n integer;
BEGIN
  PERFORM tj_escalation_reopen(p_dataset);
  UPDATE "Pair" p SET "escalationCalibration" = false,
         priority = CASE WHEN p.priority >= 2 THEN p.priority - 2 ELSE p.priority END
    FROM "Query" q WHERE q.id = p."queryId" AND q."datasetId" = p_dataset AND p."escalationCalibration";
  IF p_size > 0 THEN
    UPDATE "Pair" p SET "escalationCalibration" = true, priority = p.priority + 2
     WHERE p.id IN (SELECT s.id FROM "Pair" s JOIN "Query" q ON q.id = s."queryId"
                     WHERE q."datasetId" = p_dataset ORDER BY md5(s.id || ':' || p_seed) LIMIT p_size);
  END IF;
  GET DIAGNOSTICS v_n = ROW_COUNT;
  RETURN CASE WHEN p_size > 0 THEN v_n ELSE 0 END;
END $$;
