-- tj_rebuild_tallies, as in force. This file is its only definition from now on (migration 20261123083053_analytics_tallies last defined it);
-- lib/platform/db/migrate.ts applies it after the versioned migrations whenever it changes.
-- Every tally from scratch, set-based, by the same rules as tj_tally_pair (the integration test holds
-- the two equal), with the same SQL mirrors of lib/judging/verdict/'s encodings. Used by the back-fill below and after bulk
-- changes.
CREATE OR REPLACE FUNCTION tj_rebuild_tallies() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "AgreementTally", "ScaleTally", "ExpertTally", "ExpertPairTally", "JudgmentDayTally";
  CREATE TEMP TABLE tj_js ON COMMIT DROP AS
    SELECT p.id AS pair, q."datasetId" AS ds, q."destinationId" AS dest, j."userId" AS u, a.slot, j.verdict AS v,
           j.strength AS st, j.dimensions AS dims,
           (a."leftPlanId" = p."planAId") AS left_is_a,
           row_number() OVER (PARTITION BY p.id ORDER BY a.slot, j."userId")::integer AS rn
    FROM "Pair" p JOIN "Query" q ON q.id = p."queryId" JOIN "Judgment" j ON j."pairId" = p.id JOIN "Assignment" a ON a.id = j."assignmentId"
    WHERE p.status = 'COMPLETE';
  CREATE TEMP TABLE tj_pp ON COMMIT DROP AS
    SELECT pair, ds, dest, count(*)::integer AS n, array_agg(v ORDER BY rn) AS vs,
           CASE WHEN bool_or(slot > 3) OR count(DISTINCT slot) < count(*) THEN -1
                ELSE 63 - sum(tj_verdict_pattern_bits(v, slot))::integer END AS pattern,
           greatest(count(*) FILTER (WHERE v = 'A'), count(*) FILTER (WHERE v = 'B'), count(*) FILTER (WHERE v = 'NEITHER')) * 2 <= count(*) AS unresolved
    FROM tj_js GROUP BY pair, ds, dest;
  UPDATE "Pair" p SET "verdictPattern" = NULL, unresolved = false
    WHERE (p."verdictPattern" IS NOT NULL OR p.unresolved) AND NOT EXISTS (SELECT 1 FROM tj_pp WHERE tj_pp.pair = p.id);
  UPDATE "Pair" p SET "verdictPattern" = tj_pp.pattern, unresolved = tj_pp.unresolved FROM tj_pp
    WHERE p.id = tj_pp.pair AND (p."verdictPattern" IS DISTINCT FROM tj_pp.pattern OR p.unresolved IS DISTINCT FROM tj_pp.unresolved);
  INSERT INTO "AgreementTally" ("datasetId", "destinationId", pattern, pairs)
    SELECT ds, dest, pattern, count(*)::integer FROM tj_pp GROUP BY 1, 2, 3;
  -- The signed preference and each dimension (only datasets that ask them), by the rules tj_tally_pair keeps: a
  -- slot holds value + 3 in 3 bits, 7 when missing (tj_scale_pattern_bits); a pair with a fourth rater is -1.
  -- Set-based: one pass over the judgments, however many pairs.
  INSERT INTO "ScaleTally" ("datasetId", "destinationId", scale, pattern, pairs)
    SELECT s.ds, s.dest, s.scale, s.pattern, count(*)::integer FROM (
      SELECT x.pair, x.ds, x.dest, c.scale,
             (CASE WHEN pp.pattern = -1 THEN -1 ELSE 511 - sum(tj_scale_pattern_bits(c.value, x.slot))::integer END)::smallint AS pattern
        FROM tj_js x JOIN tj_pp pp ON pp.pair = x.pair JOIN "Dataset" d ON d.id = x.ds
        CROSS JOIN LATERAL (
          SELECT 'signed'::text AS scale, tj_signed_preference(x.v, x.st) AS value
           WHERE d."preferenceStrength"
          UNION ALL
          SELECT 'dim:' || (e->>'key'), tj_dimension_signed_preference(x.dims -> (e->>'key'))
            FROM jsonb_array_elements(CASE WHEN jsonb_typeof(d.dimensions) = 'array' THEN d.dimensions ELSE '[]'::jsonb END) e
        ) c
       WHERE d."preferenceStrength" OR d.dimensions IS NOT NULL
       GROUP BY x.pair, x.ds, x.dest, c.scale, pp.pattern
    ) s
    GROUP BY 1, 2, 3, 4;
  -- The first two other raters by slot: positions 2 and 3 for the first, 1 and 3 for the second, 1 and 2 after.
  INSERT INTO "ExpertTally" ("userId", pairs, "abChoices", "leftChoices", "othersAgree", "matchedOthers")
    SELECT x.u, count(*)::integer,
           count(*) FILTER (WHERE x.v <> 'NEITHER')::integer,
           count(*) FILTER (WHERE tj_screen_side(x.v, x.left_is_a) = 'left')::integer,
           count(*) FILTER (WHERE o.o2 IS NOT NULL AND o.o1 = o.o2)::integer,
           count(*) FILTER (WHERE o.o2 IS NOT NULL AND o.o1 = o.o2 AND x.v = o.o1)::integer
    FROM tj_js x JOIN tj_pp pp ON pp.pair = x.pair
    CROSS JOIN LATERAL (SELECT pp.vs[CASE WHEN x.rn = 1 THEN 2 ELSE 1 END] AS o1, pp.vs[CASE WHEN x.rn <= 2 THEN 3 ELSE 2 END] AS o2) o
    GROUP BY x.u;
  INSERT INTO "ExpertPairTally" ("userA", "userB", "verdictA", "verdictB", pairs)
    SELECT x.u, y.u, x.v, y.v, count(*)::integer FROM tj_js x JOIN tj_js y ON y.pair = x.pair AND x.u < y.u GROUP BY 1, 2, 3, 4;
  INSERT INTO "JudgmentDayTally" (day, "userId", judgments)
    SELECT "createdAt"::date, "userId", count(*)::integer FROM "Judgment" GROUP BY 1, 2;
END $$;
