-- tj_tally_pair, as in force. This file is its only definition from now on (migration 20261123083053_analytics_tallies last defined it);
-- lib/platform/db/migrate.ts applies it after the versioned migrations whenever it changes.
-- One complete pair's contribution to every tally, added (p_sign = 1) or taken back (-1). Rows are
-- locked in one global order (tally table, then key), so two submits never deadlock on tallies. Its verdict
-- encodings are lib/judging/verdict/'s, through their SQL mirrors (tj_verdict_pattern_bits, tj_signed_preference,
-- tj_dimension_signed_preference, tj_scale_pattern_bits, tj_screen_side).
CREATE OR REPLACE FUNCTION tj_tally_pair(p_pair text, p_query text, p_plan_a text, p_sign integer, OUT o_pattern smallint, OUT o_unresolved boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_ds text;
  v_dest text;
  v_users text[];
  v_verdicts "Verdict"[];
  v_slots integer[];
  v_left boolean[];
  v_n integer;
  v_pattern integer := 63;
  v_seen integer := 0;
  v_wide boolean := false;
  v_counts integer[] := ARRAY[0, 0, 0];
  v_order integer[];
  i integer;
  k integer;
  x integer;
  y integer;
  o1 "Verdict";
  o2 "Verdict";
  v_agree integer;
  v_strength_on boolean;
  v_dims jsonb;
  v_strengths smallint[];
  v_answers jsonb[];
  v_scales text[] := '{}';
  v_scale_patterns smallint[] := '{}';
  v_key text;
  v_p integer;
  v_a jsonb;
BEGIN
  SELECT q."datasetId", q."destinationId", d."preferenceStrength",
         CASE WHEN jsonb_typeof(d.dimensions) = 'array' THEN d.dimensions ELSE '[]'::jsonb END
    INTO v_ds, v_dest, v_strength_on, v_dims
    FROM "Query" q JOIN "Dataset" d ON d.id = q."datasetId" WHERE q.id = p_query;
  SELECT array_agg(j."userId" ORDER BY a.slot, j."userId"), array_agg(j.verdict ORDER BY a.slot, j."userId"),
         array_agg(a.slot ORDER BY a.slot, j."userId"), array_agg(a."leftPlanId" = p_plan_a ORDER BY a.slot, j."userId"),
         array_agg(j.strength ORDER BY a.slot, j."userId"), array_agg(j.dimensions ORDER BY a.slot, j."userId")
    INTO v_users, v_verdicts, v_slots, v_left, v_strengths, v_answers
    FROM "Judgment" j JOIN "Assignment" a ON a.id = j."assignmentId" WHERE j."pairId" = p_pair;
  v_n := coalesce(array_length(v_users, 1), 0);
  FOR i IN 1..v_n LOOP
    IF v_slots[i] > 3 OR (v_seen & (1 << v_slots[i])) <> 0 THEN
      v_wide := true;
    ELSE
      v_seen := v_seen | (1 << v_slots[i]);
      v_pattern := v_pattern - tj_verdict_pattern_bits(v_verdicts[i], v_slots[i]);
    END IF;
    v_counts[tj_verdict_code(v_verdicts[i]) + 1] := v_counts[tj_verdict_code(v_verdicts[i]) + 1] + 1;
  END LOOP;
  o_pattern := CASE WHEN v_wide THEN -1 ELSE v_pattern END;
  o_unresolved := v_n > 0 AND greatest(v_counts[1], v_counts[2], v_counts[3]) * 2 <= v_n;
  IF v_n = 0 THEN
    RETURN; -- nothing judged, nothing to count (as the rebuild, which starts from judgments)
  END IF;

  INSERT INTO "AgreementTally" AS t ("datasetId", "destinationId", pattern, pairs) VALUES (v_ds, v_dest, o_pattern, p_sign)
    ON CONFLICT ("datasetId", "destinationId", pattern) DO UPDATE SET pairs = t.pairs + p_sign;
  -- Signed preferences and dimensions, where the dataset asks them (lib/results/agreement/scaled.ts; tj_rebuild_tallies
  -- computes the same set-based), from the judgments already read: a completing submit costs one more statement.
  IF v_strength_on THEN
    v_p := 511;
    FOR i IN 1..v_n LOOP
      v_p := v_p - tj_scale_pattern_bits(tj_signed_preference(v_verdicts[i], v_strengths[i]), v_slots[i]);
    END LOOP;
    v_scales := v_scales || 'signed'::text;
    v_scale_patterns := v_scale_patterns || (CASE WHEN v_wide THEN -1 ELSE v_p END)::smallint;
  END IF;
  FOR k IN 0..jsonb_array_length(v_dims) - 1 LOOP
    v_key := v_dims -> k ->> 'key';
    v_p := 511;
    FOR i IN 1..v_n LOOP
      v_a := v_answers[i] -> v_key;
      v_p := v_p - tj_scale_pattern_bits(tj_dimension_signed_preference(v_a), v_slots[i]);
    END LOOP;
    v_scales := v_scales || ('dim:' || v_key);
    v_scale_patterns := v_scale_patterns || (CASE WHEN v_wide THEN -1 ELSE v_p END)::smallint;
  END LOOP;
  IF cardinality(v_scales) > 0 THEN
    INSERT INTO "ScaleTally" AS t ("datasetId", "destinationId", scale, pattern, pairs)
      SELECT v_ds, v_dest, s.scale, s.pattern, p_sign FROM unnest(v_scales, v_scale_patterns) s(scale, pattern) ORDER BY s.scale
      ON CONFLICT ("datasetId", "destinationId", scale, pattern) DO UPDATE SET pairs = t.pairs + p_sign;
  END IF;

  -- Judgment indexes in the order of their experts' ids.
  SELECT array_agg(o ORDER BY v_users[o]) INTO v_order FROM generate_series(1, v_n) o;
  FOR x IN 1..v_n LOOP
    i := v_order[x];
    -- The first two other raters by slot, as lib/testing/agreement.ts's expertTable reads them.
    o1 := NULL;
    o2 := NULL;
    FOR k IN 1..v_n LOOP
      IF k <> i THEN
        IF o1 IS NULL THEN o1 := v_verdicts[k]; ELSIF o2 IS NULL THEN o2 := v_verdicts[k]; END IF;
      END IF;
    END LOOP;
    v_agree := CASE WHEN o2 IS NOT NULL AND o1 = o2 THEN 1 ELSE 0 END;
    INSERT INTO "ExpertTally" AS t ("userId", pairs, "abChoices", "leftChoices", "othersAgree", "matchedOthers")
      VALUES (v_users[i], p_sign,
              p_sign * (v_verdicts[i] <> 'NEITHER')::integer,
              p_sign * coalesce(tj_screen_side(v_verdicts[i], v_left[i]) = 'left', false)::integer,
              p_sign * v_agree,
              p_sign * (v_agree = 1 AND v_verdicts[i] = o1)::integer)
      ON CONFLICT ("userId") DO UPDATE SET pairs = t.pairs + EXCLUDED.pairs, "abChoices" = t."abChoices" + EXCLUDED."abChoices",
        "leftChoices" = t."leftChoices" + EXCLUDED."leftChoices", "othersAgree" = t."othersAgree" + EXCLUDED."othersAgree",
        "matchedOthers" = t."matchedOthers" + EXCLUDED."matchedOthers";
  END LOOP;
  FOR x IN 1..v_n LOOP
    FOR y IN x + 1..v_n LOOP
      INSERT INTO "ExpertPairTally" AS t ("userA", "userB", "verdictA", "verdictB", pairs)
        VALUES (v_users[v_order[x]], v_users[v_order[y]], v_verdicts[v_order[x]], v_verdicts[v_order[y]], p_sign)
        ON CONFLICT ("userA", "userB", "verdictA", "verdictB") DO UPDATE SET pairs = t.pairs + p_sign;
    END LOOP;
  END LOOP;
  -- A count taken back to zero leaves no row, as a rebuild from the judgments would not have one.
  IF p_sign < 0 THEN
    DELETE FROM "AgreementTally" t WHERE t."datasetId" = v_ds AND t."destinationId" = v_dest AND t.pattern = o_pattern AND t.pairs = 0;
    IF cardinality(v_scales) > 0 THEN
      -- Only the rows this call counted down (their keys, not every row of the destination: hundreds per dimension).
      DELETE FROM "ScaleTally" t USING unnest(v_scales, v_scale_patterns) s(scale, pattern)
       WHERE t."datasetId" = v_ds AND t."destinationId" = v_dest AND t.scale = s.scale AND t.pattern = s.pattern AND t.pairs = 0;
    END IF;
    DELETE FROM "ExpertTally" t WHERE t."userId" = ANY(v_users) AND t.pairs = 0;
    DELETE FROM "ExpertPairTally" t WHERE t."userA" = ANY(v_users) AND t."userB" = ANY(v_users) AND t.pairs = 0;
  END IF;
END $$;
