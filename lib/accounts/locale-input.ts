/** The language setting as PATCH /api/account receives it: a language TripJudge speaks, or null for "follow the browser". */
import { z } from "zod";
import { LOCALES } from "./locale";

export const localeSetting = z.object({ locale: z.enum(LOCALES).nullable() }).strict();
