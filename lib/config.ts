/** Runtime configuration from the environment, parsed once (see README "Configuration"). */
import { z } from "zod";

const schema = z.object({
  SESSION_MAX_AGE_HOURS: z.coerce.number().positive().max(24 * 30).default(12),
  INVITE_BASE_URL: z.string().url().optional(),
  NEXTAUTH_URL: z.string().url().optional(),
});

export type AppConfig = z.infer<typeof schema>;

let cached: AppConfig | undefined;
export function config(): AppConfig {
  cached ??= schema.parse(process.env);
  return cached;
}
