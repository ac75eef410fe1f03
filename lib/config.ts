/** Runtime configuration from the environment, parsed once (see README "Configuration"). */
import { z } from "zod";

const schema = z.object({
  SESSION_MAX_AGE_HOURS: z.coerce.number().positive().max(24 * 30).default(12),
  INVITE_BASE_URL: z.string().url().optional(),
  NEXTAUTH_URL: z.string().url().optional(),
  /** The largest dataset bundle accepted, by the web upload and the command line alike. */
  IMPORT_MAX_BYTES: z.coerce.number().int().positive().default(256 * 1024 * 1024),
  /** How many reverse proxies in front of the app append to X-Forwarded-For (0: none, the header is ignored). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
});

export type AppConfig = z.infer<typeof schema>;

let cached: AppConfig | undefined;
export function config(): AppConfig {
  cached ??= schema.parse(process.env);
  return cached;
}
