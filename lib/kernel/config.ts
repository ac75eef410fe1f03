/**
 * Every environment variable the app reads, parsed once with zod (docs/operations.md, "Configuration",
 * lists them all; a test holds the two together). A wrong value stops start-up with the variable's name and why:
 * scripts/start.ts, serve.ts and worker.ts call checkConfig() before anything else. Test and benchmark
 * tools read their own few variables (that section's second table).
 */
import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "./password-limits";
import { DEFAULT_MAX_BYTES } from "./import-limits";

/** An unset or empty variable counts as absent (compose files and CI often set `X=`). */
const optional = <T extends z.ZodType>(t: T) => z.preprocess((v) => (v === "" ? undefined : v), t.optional());
const flag = (fallback: boolean) =>
  z
    .preprocess(
      (v) => (v === "" || v === undefined ? undefined : v),
      z.enum(["0", "1"], { message: 'expected "0" or "1"' }).optional(),
    )
    .transform((v) => (v === undefined ? fallback : v === "1"));
const int = (min: number, max: number, fallback: number) =>
  z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(min).max(max).default(fallback));

export const CONFIG_SCHEMA = z
  .object({
    // The database
    /** PostgreSQL URL; unset: `npm start` runs the embedded PostgreSQL. */
    DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, "expected a postgres:// or postgresql:// URL")),
    /** Connections per process. */
    DATABASE_POOL_SIZE: int(1, 1000, 20),
    /** Connections per process for uploads (a bundle streams into the database in one transaction): apart from the judging calls' pool. */
    UPLOAD_POOL_SIZE: int(1, 100, 4),
    /** Uploads one admin may have streaming at once (per app process); more are refused with 429. */
    UPLOADS_PER_ADMIN: int(1, 100, 2),
    /** The embedded PostgreSQL's data folder, port, database name; TCP instead of a Unix socket with 1. */
    EMBEDDED_PG_DIR: z.string().default(".data/postgres"),
    EMBEDDED_PG_PORT: int(1024, 65535, 54329),
    EMBEDDED_PG_DATABASE: optional(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, "expected a plain database name")),
    EMBEDDED_PG_TCP: flag(false),
    /** 1: the embedded PostgreSQL's log goes to the console. */
    TRIPJUDGE_PG_LOG: flag(false),

    // The web server
    PORT: int(1, 65535, 3000),
    /** App processes sharing the port (Node's cluster). */
    WEB_CONCURRENCY: int(1, 64, 1),
    /** 0: the two hot judging calls go through Next.js's route handlers too (docs/decisions/001). */
    TRIPJUDGE_FAST_PATH: flag(true),
    /** Set by scripts/serve.ts for its children: the front server checked the request first. Not for operators. */
    TRIPJUDGE_FRONT: flag(false),
    /** Extra flags for the web server's Node (e.g. --cpu-prof when profiling). */
    TRIPJUDGE_NODE_ARGS: z.string().default(""),
    /** How many reverse proxies in front of the app append to X-Forwarded-For (0: none, the header is ignored). */
    TRUST_PROXY: int(0, 10, 0),

    // Sign-in
    /** The app's public URL: cookies are Secure on https, cross-site checks compare against it. */
    NEXTAUTH_URL: optional(z.string().url()),
    /** Signs session tokens; unset: `npm start` keeps a random one in .data/auth-secret. */
    NEXTAUTH_SECRET: optional(z.string()),
    SESSION_MAX_AGE_HOURS: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.coerce
        .number()
        .positive()
        .max(24 * 30)
        .default(12),
    ),
    /** The base of invitation links (default NEXTAUTH_URL). */
    INVITE_BASE_URL: optional(z.string().url()),
    /** Single sign-on with OpenID Connect (docs/decisions/023): unset issuer, no SSO button and passwords as ever. */
    TRIPJUDGE_OIDC_ISSUER: optional(
      z
        .string()
        .url()
        .regex(/^https?:\/\//, "expected an http(s) URL"),
    ),
    TRIPJUDGE_OIDC_CLIENT_ID: optional(z.string()),
    TRIPJUDGE_OIDC_CLIENT_SECRET: optional(z.string()),
    /** The ID token claim that carries the email. */
    TRIPJUDGE_OIDC_EMAIL_CLAIM: z.preprocess((v) => (v === "" ? undefined : v), z.string().default("email")),
    /** Email domains whose unknown users are created as experts with no destinations (comma-separated). */
    TRIPJUDGE_OIDC_ALLOWED_DOMAINS: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z
        .string()
        .default("")
        .transform((s) =>
          s
            .split(",")
            .map((d) => d.trim().toLowerCase().replace(/^@/, ""))
            .filter(Boolean),
        )
        .pipe(
          z.array(z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, "expected domains like example.org, comma-separated")),
        ),
    ),
    /** The provider's name on the sign-in button ("Sign in with …"). */
    TRIPJUDGE_OIDC_NAME: z.preprocess((v) => (v === "" ? undefined : v), z.string().max(60).default("single sign-on")),

    // First start
    /** 0: no demo data on the first start (the admin account is still created). */
    TRIPJUDGE_DEMO: flag(true),
    ADMIN_EMAIL: optional(z.string().email()),
    ADMIN_PASSWORD: optional(z.string().min(MIN_PASSWORD_LENGTH, `use at least ${MIN_PASSWORD_LENGTH} characters`)),
    DEMO_PASSWORD: optional(z.string().min(MIN_PASSWORD_LENGTH, `use at least ${MIN_PASSWORD_LENGTH} characters`)),

    // Work
    /** The largest dataset bundle accepted, by the web upload and the command line alike. */
    IMPORT_MAX_BYTES: int(1, Number.MAX_SAFE_INTEGER, DEFAULT_MAX_BYTES),
    /** 0: `npm start` runs no job worker (they run elsewhere: `npm run worker`). */
    TRIPJUDGE_WORKER: flag(true),
    /** How often a worker looks for lapsed leases and stale jobs, and how long a running job may stay silent. */
    TRIPJUDGE_SWEEP_MS: int(100, 3_600_000, 10_000),
    TRIPJUDGE_JOB_STALE_SECONDS: int(1, 86_400, 30),
    /** How old the admin pages' figures (analytics, overview, export cards, adjudication queue) may be, in seconds: reloads within it share one computation (0: always fresh). */
    ADMIN_FIGURES_MAX_AGE_SECONDS: int(0, 3600, 5),
    /** How old the heavy admin figures (quality page, leaderboard, judge board, exports' soft-label fit) may be, in seconds: stored in the database, they cost seconds of a core at a million judgments, so reloads read them (the page says their age and can recompute) and an admin's change forgets them (0: always fresh). */
    ADMIN_HEAVY_FIGURES_MAX_AGE_SECONDS: int(0, 86_400, 900),
    /** Processes per app process for heavy admin computations (quality page, leaderboard, judge board, exports), at the lowest CPU priority, off the event loop that serves judging; 0 runs them on it. */
    ADMIN_PROCESSES: int(0, 16, 1),
    /** 0: the admin processes are not paused while experts' calls are in flight (lib/platform/offload/gate.ts; Linux only). */
    ADMIN_PAUSE_WHILE_JUDGING: flag(true),
    /** While experts judge, the percentage of the time the admin processes may spend in the database (their statements run beside the judging ones; lib/platform/offload/gate.ts); 100: no limit. */
    ADMIN_DATABASE_PERCENT_WHILE_JUDGING: int(1, 100, 3),
    /** While experts judge, the percentage of the time the admin processes may compute in the gaps between their calls (a computation fills the caches the next calls need; lib/platform/offload/gate.ts), the web server's time on an admin's calls included (decision 015); 100: no limit. */
    ADMIN_CPU_PERCENT_WHILE_JUDGING: int(1, 100, 5),
    /** Database connections of each of those threads. */
    ADMIN_PROCESS_DB_POOL_SIZE: int(1, 100, 4),

    // The map
    TILE_URL: z.string().default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
    TILE_ATTRIBUTION: z
      .string()
      .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
  })
  .superRefine((c, ctx) => {
    // An issuer without its client is a half-done configuration: say so at start-up, not at the first sign-in.
    if (c.TRIPJUDGE_OIDC_ISSUER)
      for (const k of ["TRIPJUDGE_OIDC_CLIENT_ID", "TRIPJUDGE_OIDC_CLIENT_SECRET"] as const)
        if (!c[k]) ctx.addIssue({ code: "custom", path: [k], message: "required with TRIPJUDGE_OIDC_ISSUER" });
  });

export type AppConfig = z.infer<typeof CONFIG_SCHEMA>;

/** The configuration problems of an environment, one line each ("PORT: expected …"), or none. */
export function configProblems(env: Record<string, string | undefined>): string[] {
  const r = CONFIG_SCHEMA.safeParse(env);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
}

let cached: AppConfig | undefined;

/** The configuration (parsed on first use; a wrong value throws with every problem named). */
export function config(): AppConfig {
  if (!cached) {
    const problems = configProblems(process.env);
    if (problems.length) throw new Error(`The configuration is not valid:\n  ${problems.join("\n  ")}`);
    cached = CONFIG_SCHEMA.parse(process.env);
  }
  return cached;
}

/** For start-up scripts: stop with the problems named instead of failing later, somewhere else. */
export function checkConfig(): AppConfig {
  try {
    return config();
  } catch (e) {
    console.error((e as Error).message);
    process.exit(2);
  }
}

/** Forgets the parsed configuration (tests that change the environment, and scripts that set variables for themselves). */
export function reloadConfig(): AppConfig {
  cached = undefined;
  return config();
}
