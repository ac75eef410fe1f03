-- DropIndex
DROP INDEX "Judgment_userId_idx";

-- AlterTable
ALTER TABLE "Pair" ADD COLUMN     "unresolved" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "verdictPattern" SMALLINT;

-- CreateTable
CREATE TABLE "AgreementTally" (
    "datasetId" TEXT NOT NULL,
    "destinationId" TEXT NOT NULL,
    "pattern" SMALLINT NOT NULL,
    "pairs" INTEGER NOT NULL,

    CONSTRAINT "AgreementTally_pkey" PRIMARY KEY ("datasetId","destinationId","pattern")
);

-- CreateTable
CREATE TABLE "ExpertTally" (
    "userId" TEXT NOT NULL,
    "pairs" INTEGER NOT NULL,
    "abChoices" INTEGER NOT NULL,
    "leftChoices" INTEGER NOT NULL,
    "othersAgree" INTEGER NOT NULL,
    "matchedOthers" INTEGER NOT NULL,

    CONSTRAINT "ExpertTally_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "ExpertPairTally" (
    "userA" TEXT NOT NULL,
    "userB" TEXT NOT NULL,
    "verdictA" "Verdict" NOT NULL,
    "verdictB" "Verdict" NOT NULL,
    "pairs" INTEGER NOT NULL,

    CONSTRAINT "ExpertPairTally_pkey" PRIMARY KEY ("userA","userB","verdictA","verdictB")
);

-- CreateTable
CREATE TABLE "JudgmentDayTally" (
    "day" DATE NOT NULL,
    "userId" TEXT NOT NULL,
    "judgments" INTEGER NOT NULL,

    CONSTRAINT "JudgmentDayTally_pkey" PRIMARY KEY ("day","userId")
);

-- CreateIndex
CREATE INDEX "Pair_unresolved_createdAt_id_idx" ON "Pair"("unresolved", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Judgment_userId_timeOnTaskMs_idx" ON "Judgment"("userId", "timeOnTaskMs");

-- ---------------------------------------------------------------------------------------------
-- Analytics tallies, kept in step by triggers so the admin pages read counts instead of every
-- judgment. The TypeScript reference of these rules is lib/agreement/tallies.ts (tallyPairs); the
-- integration test lib/db/tallies.itest.ts checks the two agree, and that tj_rebuild_tallies()
-- (also the back-fill below) gives what the triggers kept.
-- ---------------------------------------------------------------------------------------------

CREATE FUNCTION tj_verdict_code(v "Verdict") RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE v WHEN 'A' THEN 0 WHEN 'B' THEN 1 ELSE 2 END
$$;

-- One complete pair's contribution to every tally, added (p_sign = 1) or taken back (-1). Rows are
-- locked in one global order (tally table, then key), so two submits never deadlock on tallies.
CREATE FUNCTION tj_tally_pair(p_pair text, p_query text, p_plan_a text, p_sign integer, OUT o_pattern smallint, OUT o_unresolved boolean)
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
END $$;

-- A pair counts while it is complete: in when it completes, out when it reopens (one more rater,
-- a higher required count) or is deleted.
-- A bulk change (many pairs in one statement: tj_bulk_pairs_begin) skips this and rebuilds once at the
-- end: updating the same tally rows thousands of times in one transaction grows their version chains.
CREATE FUNCTION tj_pair_tally() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE t record;
BEGIN
  IF current_setting('tripjudge.bulk_pairs', true) = 'on' THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'DELETE' THEN
    PERFORM tj_tally_pair(OLD.id, OLD."queryId", OLD."planAId", -1);
    RETURN OLD;
  END IF;
  IF OLD.status = 'COMPLETE' THEN
    PERFORM tj_tally_pair(OLD.id, OLD."queryId", OLD."planAId", -1);
    NEW."verdictPattern" := NULL;
    NEW.unresolved := false;
  END IF;
  IF NEW.status = 'COMPLETE' THEN
    SELECT * INTO t FROM tj_tally_pair(NEW.id, NEW."queryId", NEW."planAId", 1);
    NEW."verdictPattern" := t.o_pattern;
    NEW.unresolved := t.o_unresolved;
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER tj_pair_tally BEFORE UPDATE OF status ON "Pair"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION tj_pair_tally();
CREATE TRIGGER tj_pair_tally_delete BEFORE DELETE ON "Pair"
  FOR EACH ROW WHEN (OLD.status = 'COMPLETE') EXECUTE FUNCTION tj_pair_tally();

-- Judgments per UTC day and expert ("createdAt" holds UTC wall time), per statement.
CREATE FUNCTION tj_judgment_days_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "JudgmentDayTally" AS t (day, "userId", judgments)
    SELECT "createdAt"::date, "userId", count(*)::integer FROM added GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (day, "userId") DO UPDATE SET judgments = t.judgments + EXCLUDED.judgments;
  RETURN NULL;
END $$;
CREATE FUNCTION tj_judgment_days_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "JudgmentDayTally" t SET judgments = t.judgments - g.n
    FROM (SELECT "createdAt"::date AS day, "userId", count(*)::integer AS n FROM removed GROUP BY 1, 2) g
    WHERE t.day = g.day AND t."userId" = g."userId";
  RETURN NULL;
END $$;
CREATE TRIGGER tj_judgment_days_added AFTER INSERT ON "Judgment"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION tj_judgment_days_added();
CREATE TRIGGER tj_judgment_days_removed AFTER DELETE ON "Judgment"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION tj_judgment_days_removed();

-- Every tally from scratch, set-based, by the same rules as tj_tally_pair (the integration test holds
-- the two equal). Used by the back-fill below and after bulk changes.
CREATE FUNCTION tj_rebuild_tallies() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "AgreementTally", "ExpertTally", "ExpertPairTally", "JudgmentDayTally";
  CREATE TEMP TABLE tj_js ON COMMIT DROP AS
    SELECT p.id AS pair, q."datasetId" AS ds, q."destinationId" AS dest, j."userId" AS u, a.slot, j.verdict AS v,
           (a."leftPlanId" = p."planAId") AS left_is_a,
           row_number() OVER (PARTITION BY p.id ORDER BY a.slot, j."userId")::integer AS rn
    FROM "Pair" p JOIN "Query" q ON q.id = p."queryId" JOIN "Judgment" j ON j."pairId" = p.id JOIN "Assignment" a ON a.id = j."assignmentId"
    WHERE p.status = 'COMPLETE';
  CREATE TEMP TABLE tj_pp ON COMMIT DROP AS
    SELECT pair, ds, dest, count(*)::integer AS n, array_agg(v ORDER BY rn) AS vs,
           CASE WHEN bool_or(slot > 3) OR count(DISTINCT slot) < count(*) THEN -1
                ELSE 63 - sum((3 - tj_verdict_code(v)) << (2 * (3 - slot)))::integer END AS pattern,
           greatest(count(*) FILTER (WHERE v = 'A'), count(*) FILTER (WHERE v = 'B'), count(*) FILTER (WHERE v = 'NEITHER')) * 2 <= count(*) AS unresolved
    FROM tj_js GROUP BY pair, ds, dest;
  UPDATE "Pair" p SET "verdictPattern" = NULL, unresolved = false
    WHERE (p."verdictPattern" IS NOT NULL OR p.unresolved) AND NOT EXISTS (SELECT 1 FROM tj_pp WHERE tj_pp.pair = p.id);
  UPDATE "Pair" p SET "verdictPattern" = tj_pp.pattern, unresolved = tj_pp.unresolved FROM tj_pp
    WHERE p.id = tj_pp.pair AND (p."verdictPattern" IS DISTINCT FROM tj_pp.pattern OR p.unresolved IS DISTINCT FROM tj_pp.unresolved);
  INSERT INTO "AgreementTally" ("datasetId", "destinationId", pattern, pairs)
    SELECT ds, dest, pattern, count(*)::integer FROM tj_pp GROUP BY 1, 2, 3;
  -- The first two other raters by slot: positions 2 and 3 for the first, 1 and 3 for the second, 1 and 2 after.
  INSERT INTO "ExpertTally" ("userId", pairs, "abChoices", "leftChoices", "othersAgree", "matchedOthers")
    SELECT x.u, count(*)::integer,
           count(*) FILTER (WHERE x.v <> 'NEITHER')::integer,
           count(*) FILTER (WHERE x.v <> 'NEITHER' AND (x.v = 'A') = x.left_is_a)::integer,
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

-- Bulk changes of pair status: tally nothing row by row, then rebuild once (tj_bulk_pairs_end).
CREATE FUNCTION tj_bulk_pairs_begin() RETURNS void LANGUAGE sql AS $$ SELECT set_config('tripjudge.bulk_pairs', 'on', true) $$;
CREATE FUNCTION tj_bulk_pairs_end() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('tripjudge.bulk_pairs', 'off', true);
  PERFORM tj_rebuild_tallies();
END $$;

SELECT tj_rebuild_tallies();
