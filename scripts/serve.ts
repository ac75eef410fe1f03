/**
 * The server, in production and (with --dev) in development alike (scripts/start.ts starts it): Next.js
 * behind a node:http server that answers the judging API's two hot calls itself (lib/judging/http/fast-path.ts;
 * docs/decisions/001), in WEB_CONCURRENCY worker processes sharing the port through Node's cluster module
 * (default 1; always 1 in development). It also serves the build's static scripts and styles compressed
 * (lib/platform/http/static-compress.ts). In development Next.js compiles and hot-reloads the pages and
 * route handlers; the fast path's own modules are loaded once (restart to pick up their changes).
 */
import cluster from "node:cluster";
import { createServer } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import next, { type NextConfig } from "next";
import { checkConfig, reloadConfig } from "../lib/kernel";
import { markStopping } from "../lib/platform/db";
import { startAdminProcesses } from "../lib/platform/offload";
import { judgingFastPath, pauseForJudging, throughAdminDoor } from "../lib/judging/http";
import { frontGuard, compressedStatic } from "../lib/platform/http";

const settings = checkConfig();
const port = settings.PORT;
const dev = process.argv.includes("--dev");
const workers = dev ? 1 : settings.WEB_CONCURRENCY;
// TRIPJUDGE_FAST_PATH=0 sends the hot judging calls through Next.js too (the benchmark's baseline).
const fastPath = settings.TRIPJUDGE_FAST_PATH;

/** The headers next.config.js gives every path, so that fast-path answers carry them too. */
async function securityHeaders(): Promise<Record<string, string>> {
  const config = (await import(pathToFileURL(path.join(process.cwd(), "next.config.js")).href)).default as NextConfig;
  const rules = (await config.headers?.()) ?? [];
  return Object.fromEntries(
    rules.filter((r) => r.source === "/:path*").flatMap((r) => r.headers.map((h) => [h.key, h.value])),
  );
}

async function serve() {
  // The handlers trust the client-address header only when this server sets it.
  process.env.TRIPJUDGE_FRONT = "1";
  reloadConfig();
  // Heavy admin reads run in processes of their own at the lowest priority, so they never hold up the judging calls (decision 017).
  const admin = startAdminProcesses({
    processes: settings.ADMIN_PROCESSES,
    dbPoolSize: settings.ADMIN_PROCESS_DB_POOL_SIZE,
    pauseWhileJudging: settings.ADMIN_PAUSE_WHILE_JUDGING && {
      databaseShare: settings.ADMIN_DATABASE_PERCENT_WHILE_JUDGING / 100,
      cpuShare: settings.ADMIN_CPU_PERCENT_WHILE_JUDGING / 100,
    },
  });
  // ...and pause while an expert's judging call is in flight here (lib/platform/offload/gate.ts, lib/judging/http/judging-gate.ts).
  const gate = admin?.gate;

  const app = next({ dev, dir: process.cwd(), port });
  const handle = app.getRequestHandler();
  const [headers] = await Promise.all([securityHeaders(), app.prepare()]);
  const upgrade = app.getUpgradeHandler();
  const { IMPORT_MAX_BYTES, TRUST_PROXY, NEXTAUTH_URL } = settings;
  const front = { headers, importMaxBytes: IMPORT_MAX_BYTES, trustProxy: TRUST_PROXY, appUrl: NEXTAUTH_URL };
  // The build's scripts and styles go out compressed, each compressed once (next.config.js: why not Next.js's own).
  // Not in development: its file names do not change with their content.
  const staticFiles = dev ? null : compressedStatic(path.join(process.cwd(), ".next", "static"), headers);
  const server = createServer((req, res) => {
    if (frontGuard(req, res, front)) return;
    if (staticFiles?.(req, res)) return;
    // Only experts' judging calls pause the admin processes: anonymous traffic must not starve them (issue 48 item 6).
    if (gate) pauseForJudging(gate, req, res);
    const serveIt = () => {
      if (!fastPath || !judgingFastPath(req, res, headers)) void handle(req, res);
    };
    // An admin's calls wait at the gate's door while experts judge: one ration for the admin's processes and calls
    // together (decision 015).
    if (gate) throughAdminDoor(gate, req, res, serveIt);
    else serveIt();
  });
  // Development's hot reloading talks over a WebSocket.
  server.on("upgrade", (req, socket, head) => void upgrade(req, socket, head));
  server.listen(port);
  const stop = () => {
    markStopping();
    // The admin processes also leave on their own when this process goes (their IPC channel closes).
    void admin?.close();
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

if (cluster.isPrimary && workers > 1) {
  let stopping = false;
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on("exit", (worker, code) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`Server worker ${worker.process.pid} exited (${code}); starting another.`);
    cluster.fork();
  });
  const stop = () => {
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.kill("SIGTERM");
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
} else {
  serve().catch((e) => {
    console.error(`The server could not start: ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  });
}
