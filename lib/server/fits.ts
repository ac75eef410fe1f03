/** Starts a weight fit's process next to the web server (lower priority), detached from the request. */
import { spawn } from "node:child_process";
import { setPriority } from "node:os";
import path from "node:path";

export function launchFit(fitId: string): void {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(process.cwd(), "scripts/fit-job.ts"), fitId], {
    cwd: process.cwd(),
    env: process.env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  child.on("error", (e) => console.error(`could not start the fit ${fitId}: ${e.message}`));
  if (child.pid) {
    try {
      setPriority(child.pid, 10);
    } catch {
      // not permitted here: it still runs, at normal priority
    }
  }
  child.unref();
}
