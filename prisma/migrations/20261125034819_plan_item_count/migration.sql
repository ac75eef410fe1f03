-- AlterTable: each plan's number of items, written with the plan (the judge board reads it for every complete
-- pair instead of walking every itinerary). Plans already stored get theirs here.
ALTER TABLE "Plan" ADD COLUMN     "itemCount" INTEGER;

UPDATE "Plan" SET "itemCount" = (
  SELECT coalesce(sum(CASE WHEN json_typeof(d->'items') = 'array' THEN json_array_length(d->'items') ELSE 0 END), 0)
  FROM json_array_elements(CASE WHEN json_typeof(itinerary->'days') = 'array' THEN itinerary->'days' ELSE '[]'::json END) d
);
