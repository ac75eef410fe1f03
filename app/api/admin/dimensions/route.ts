import { NextResponse } from "next/server";
import { z } from "zod";
import { offload } from "@/lib/platform/offload";
import { db } from "@/lib/platform/db";
import { datasetsWithDimensions } from "@/lib/results/store";
import { adminFigures } from "@/lib/platform/http";
import { withRole } from "@/lib/platform/next";

const query = z.object({ dataset: z.string().min(1).max(64).optional() });

/**
 * Humans against the reward, dimension by dimension, for one dataset that asks dimensions (the first, when none is
 * named): computed in an admin process (decision 017), reloads share one computation. With no such dataset, the
 * answer says so (`report: null`).
 */
export const GET = withRole("ADMIN", async (req) => {
  const { dataset } = query.parse(Object.fromEntries(new URL(req.url).searchParams));
  const datasets = await datasetsWithDimensions(db());
  const id = dataset ?? datasets[0]?.id;
  if (!id) return NextResponse.json({ datasets, report: null, computedAt: new Date().toISOString() });
  const figures = await adminFigures(
    `dimensions:${id}`,
    async (progress) => ({
      report: await offload("dimensions", { datasetId: id, progress }),
    }),
    "heavy",
  );
  return NextResponse.json({ datasets, ...figures });
});
