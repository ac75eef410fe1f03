/**
 * The judging benchmark's admin, as a client process of its own (bench/judging-load.ts --admin-loop): it loads the
 * given admin routes one after another, in a loop, as an admin's browser on another machine would. In the load
 * generator's own process, its downloads (exports of several MB) were received and decoded on the event loop that
 * times the experts' calls, and their latencies counted the admin's bytes. Bodies are read to the end and counted,
 * never kept. Messages in: {start: {url, cookie, routes}}, "pause" and "resume" (between two calls), "stop"; out: "round" after each pass over the routes, and
 * at the end {done: {ms: {route: number[]}, errors, bytes}}.
 */
import http from "node:http";

interface Start {
  url: string;
  cookie: string;
  routes: string[];
}

const agent = new http.Agent({ keepAlive: true });
let running = true;
// "pause" / "resume" (--alternate): the admin stops between two calls and waits, as an admin who looks at a page.
let paused = false;

function load(url: string, cookie: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { cookie } }, (res) => {
      let bytes = 0;
      res.on("data", (c: Buffer) => (bytes += c.length));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

async function loop({ url, cookie, routes }: Start) {
  const ms: Record<string, number[]> = Object.fromEntries(routes.map((r) => [r, []]));
  let errors = 0;
  let bytes = 0;
  while (running) {
    for (const route of routes) {
      while (paused && running) await new Promise((r) => setTimeout(r, 10));
      if (!running) break;
      const t = performance.now();
      try {
        const res = await load(`${url}${route}`, cookie);
        bytes += res.bytes;
        if (res.status !== 200) errors++;
      } catch {
        errors++;
      }
      ms[route].push(performance.now() - t);
    }
    process.send!("round");
  }
  process.send!({ done: { ms, errors, bytes } });
  process.disconnect();
}

process.on("message", (m: "stop" | "pause" | "resume" | { start: Start }) => {
  if (m === "stop") running = false;
  else if (m === "pause") paused = true;
  else if (m === "resume") paused = false;
  else void loop(m.start);
});
