import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { test } from "node:test";

/** Running (a zombie waiting for a parent that does not reap it has ended). */
const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
};

test("an admin process whose web server dies ends within a second, even in the middle of a computation", async () => {
  // The "web server": starts a child that watches for its parent and then computes without end; the parent prints
  // the child's pid, the child "watching" once its watcher is set (both on the parent's stdout).
  const child = `
    const { exitWithParent } = await import(${JSON.stringify(new URL("./watchdog.ts", import.meta.url).href)});
    exitWithParent(100);
    (await import("node:fs")).writeSync(1, "watching\\n");
    for (;;) {}
  `;
  const parent = spawn(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `import { spawn } from "node:child_process";
       const c = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", ${JSON.stringify(child)}], { stdio: ["ignore", "inherit", "ignore"] });
       console.log(c.pid);
       setInterval(() => {}, 1000);`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  // However long a loaded machine takes to start the child: no fixed wait.
  let out = "";
  const pid = await new Promise<number>((resolve) =>
    parent.stdout!.on("data", (d) => {
      out += String(d);
      const lines = out.split("\n");
      const printed = lines.find((l) => /^\d+$/.test(l));
      if (printed && lines.includes("watching")) resolve(Number(printed));
    }),
  );
  try {
    assert.ok(alive(pid), "the computing child runs while its parent lives");
    parent.kill("SIGKILL");
    // Within a second on an idle machine; the limit only ends a test that would otherwise hang.
    const deadline = Date.now() + 60_000;
    while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    assert.equal(alive(pid), false, "the orphaned child ended");
  } finally {
    parent.kill("SIGKILL");
    if (alive(pid)) process.kill(pid, "SIGKILL");
  }
});
