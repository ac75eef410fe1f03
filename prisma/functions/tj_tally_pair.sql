-- tj_tally_pair, as in force. This file is its only definition from now on (migration 20261123083053_analytics_tallies last defined it);
-- lib/db/migrate.ts applies it after the versioned migrations whenever it changes.
-- One complete pair's contribution to every tally, added (p_sign = 1) or taken back (-1). Rows are
-- locked in one global order (tally table, then key), so two submits never deadlock on tallies.
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
BEGIN
  SELECT q."datasetId", q."destinationId" INTO v_ds, v_dest FROM "Query" q WHERE q.id = p_query;
  SELECT array_agg(j."userId" ORDER BY a.slot, j."userId"), array_agg(j.verdict ORDER BY a.slot, j."userId"),
         array_agg(a.slot ORDER BY a.slot, j."userId"), array_agg(a."leftPlanId" = p_plan_a ORDER BY a.slot, j."userId")
    INTO v_users, v_verdicts, v_slots, v_left
    FROM "Judgment" j JOIN "Assignment" a ON a.id = j."assignmentId" WHERE j."pairId" = p_pair;
  v_n := coalesce(array_length(v_users, 1), 0);
  FOR i IN 1..v_n LOOP
    IF v_slots[i] > 3 OR (v_seen & (1 << v_slots[i])) <> 0 THEN
      v_wide := true;
    ELSE
      v_seen := v_seen | (1 << v_slots[i]);
      v_pattern := v_pattern - ((3 - tj_verdict_code(v_verdicts[i])) << (2 * (3 - v_slots[i])));
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

  -- Judgment indexes in the order of their experts' ids.
  SELECT array_agg(o ORDER BY v_users[o]) INTO v_order FROM generate_series(1, v_n) o;
  FOR x IN 1..v_n LOOP
    i := v_order[x];
    -- The first two other raters by slot, as lib/agreement/report.ts's expertTable reads them.
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
              p_sign * (v_verdicts[i] <> 'NEITHER' AND (v_verdicts[i] = 'A') = v_left[i])::integer,
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
    DELETE FROM "ExpertTally" t WHERE t."userId" = ANY(v_users) AND t.pairs = 0;
    DELETE FROM "ExpertPairTally" t WHERE t."userA" = ANY(v_users) AND t."userB" = ANY(v_users) AND t.pairs = 0;
  END IF;
END $$;
