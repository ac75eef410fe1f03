/**
 * The judging benchmark's admin, as a client process of its own (bench/judging-load.ts --admin-loop, --admin-tabs): it
 * loads the given admin routes one after another, in a loop, as an admin's browser on another machine would; with
 * several tabs, each tab loops over its own routes at the same time (a route "POST /path" is posted, with no body). In
 * the load generator's own process, its downloads (exports of several MB) were received and decoded on the event loop
 * that times the experts' calls, and their latencies counted the admin's bytes. Bodies are read to the end and
 * counted, never kept. Messages in: {start: {url, cookie, tabs}}, "pause" and "resume" (between two calls; a
 * download under way stops being read meanwhile, so its export waits too), "close" (the calls under way are ended, as
 * when the tabs are closed; "resume" opens them again), "stop";
 * out: "round" after each pass of the first tab over its routes, and at the end {done: {ms: {route: number[]}, errors,
 * bytes}}.
 */
import http from "node:http";

interface Start {
  url: string;
  cookie: string;
  /** Each tab's routes, looped over at the same time as the other tabs'. */
  tabs: string[][];
}

const agent = new http.Agent({ keepAlive: true });
let running = true;
// "pause" / "resume" (--alternate): the admin stops between two calls and waits, as an admin who looks at a page.
let paused = false;
/** The answers being read now (paused and resumed with the admin). */
const reading = new Set<http.IncomingMessage>();
/** The requests under way ("close" ends them, as closing the tabs does). */
const inflight = new Set<http.ClientRequest>();
/** Requests ended by "close": neither errors nor timed. */
const closed = new WeakSet<http.ClientRequest>();

function load(url: string, method: string, cookie: string): Promise<{ status: number; bytes: number; closed?: true }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent, headers: { cookie } }, (res) => {
      let bytes = 0;
      reading.add(res);
      res.on("data", (c: Buffer) => (bytes += c.length));
      if (paused) res.pause();
      res.on("end", () => {
        reading.delete(res);
        resolve({ status: res.statusCode ?? 0, bytes });
      });
      res.on("error", (e) => (closed.has(req) ? resolve({ status: 0, bytes, closed: true }) : reject(e)));
      res.on("close", () => reading.delete(res));
    });
    inflight.add(req);
    req.on("close", () => inflight.delete(req));
    req.on("error", (e) => (closed.has(req) ? resolve({ status: 0, bytes: 0, closed: true }) : reject(e)));
    req.end();
  });
}

async function loop({ url, cookie, tabs }: Start) {
  const ms: Record<string, number[]> = Object.fromEntries(tabs.flat().map((r) => [r, []]));
  let errors = 0;
  let bytes = 0;
  const tab = async (routes: string[], first: boolean) => {
    while (running) {
      for (const route of routes) {
        while (paused && running) await new Promise((r) => setTimeout(r, 10));
        if (!running) break;
        const [method, path] = route.startsWith("POST ") ? ["POST", route.slice(5)] : ["GET", route];
        const t = performance.now();
        try {
          const res = await load(`${url}${path}`, method, cookie);
          bytes += res.bytes;
          if (res.closed) continue;
          if (res.status !== 200) errors++;
        } catch {
          errors++;
        }
        ms[route].push(performance.now() - t);
      }
      if (first) process.send!("round");
    }
  };
  await Promise.all(tabs.map((routes, i) => tab(routes, i === 0)));
  process.send!({ done: { ms, errors, bytes } });
  process.disconnect();
}

process.on("message", (m: "stop" | "pause" | "resume" | "close" | { start: Start }) => {
  if (m === "close") {
    // The admin closes the tabs (--rounds, between admin blocks): what is under way ends; "resume" opens them again.
    paused = true;
    for (const req of inflight) {
      closed.add(req);
      req.destroy();
    }
  } else if (m === "stop") {
    running = false;
    for (const res of reading) res.resume();
  } else if (m === "pause") {
    paused = true;
    for (const res of reading) res.pause();
  } else if (m === "resume") {
    paused = false;
    for (const res of reading) res.resume();
  } else void loop(m.start);
});
