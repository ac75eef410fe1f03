-- tj_dimensions_check: whether an expert's per-dimension answers fit the dataset's dimension set (lib/results/dimensions/set.ts).
-- NULL when they do; else the refusal tj_submit and tj_gold_submit return, in the same words for real and gold pairs:
-- dimensions_not_asked (answers where the dataset asks none), dimensions_required (a dimension of the set unanswered),
-- dimensions_invalid (a key outside the set, an answer the dimension does not allow, or a strength where none is
-- asked or missing where one is: with preference strength on, an A or B answer carries 1–3 as the overall verdict does).
-- The answers are {key: {"v": "A"|"B"|"SAME"|"NA", "s"?: 1..3}} in the pair's own A/B terms.
-- One SQL statement (no PL/pgSQL loop of statements): it runs inside every submit of such a dataset.
DROP FUNCTION IF EXISTS tj_dimensions_check(jsonb, jsonb, boolean);
CREATE FUNCTION tj_dimensions_check(p_set jsonb, p_answers jsonb, p_strength_on boolean)
RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN p_set IS NULL OR jsonb_typeof(p_set) <> 'array' OR jsonb_array_length(p_set) = 0 THEN
      CASE WHEN p_answers IS NULL OR p_answers = '{}'::jsonb THEN NULL ELSE 'dimensions_not_asked' END
    WHEN p_answers IS NULL OR jsonb_typeof(p_answers) <> 'object' THEN 'dimensions_required'
    ELSE (
      SELECT CASE
        WHEN bool_or(x.a IS NULL) THEN 'dimensions_required'
        -- Every dimension answered: a key more than the set's is one outside it.
        WHEN (SELECT count(*) FROM jsonb_object_keys(p_answers)) <> count(*) THEN 'dimensions_invalid'
        WHEN bool_or(
               jsonb_typeof(x.a) <> 'object'
               OR (x.a - 'v' - 's') <> '{}'::jsonb
               OR coalesce(x.a->>'v' NOT IN ('A', 'B', 'SAME', 'NA'), true)
               OR (x.a->>'v' = 'SAME' AND NOT (x.d->>'allowSame')::boolean)
               OR (x.a->>'v' = 'NA' AND NOT (x.d->>'allowNotApplicable')::boolean)
               OR CASE WHEN x.a ? 's'
                    THEN NOT p_strength_on OR x.a->>'v' NOT IN ('A', 'B') OR jsonb_typeof(x.a->'s') <> 'number'
                         OR x.a->>'s' NOT IN ('1', '2', '3')
                    ELSE p_strength_on AND x.a->>'v' IN ('A', 'B') END
             ) THEN 'dimensions_invalid'
      END
      FROM (SELECT d, p_answers -> (d->>'key') AS a FROM jsonb_array_elements(p_set) d) x
    )
  END
$$;
