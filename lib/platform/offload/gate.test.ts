import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { test, type TestContext } from "node:test";
import { judgingGate } from "./gate";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until `done()` holds, however long a loaded machine takes to schedule the processes the tests watch; the
 * limit only ends a test that would otherwise hang (it is no claim about speed).
 */
async function until(done: () => boolean, what: string, limitMs = 60_000) {
  const deadline = Date.now() + limitMs;
  while (!done()) {
    assert.ok(Date.now() < deadline, `still waiting after ${limitMs} ms: ${what}`);
    await sleep(20);
  }
}

/**
 * Time the test moves: the gate's clock and its timers (node:test's mock timers) go forward together, a millisecond at
 * a time, so no timing depends on how loaded the machine is.
 */
function fakeTime(t: TestContext) {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  let clock = 0;
  return {
    now: () => clock,
    advance(ms: number) {
      for (let i = 0; i < ms; i++) {
        clock++;
        t.mock.timers.tick(1);
      }
    },
  };
}

/** A gate over the made-up processes 11 and 12 that records the signals it sends. */
function recorded(opts: { idleMs?: number; maxPauseMs?: number; minRunMs?: number; now?: () => number } = {}) {
  const sent: string[] = [];
  const gate = judgingGate(() => [11, 12], { ...opts, signal: (pid, sig) => sent.push(`${sig}:${pid}`) });
  return { gate, sent };
}

test("the admin processes pause when the first call begins and go on when the last one ends", () => {
  const { gate, sent } = recorded({ idleMs: 0, maxPauseMs: 60_000 });
  gate.enter();
  gate.enter();
  assert.equal(gate.paused, true);
  gate.leave();
  assert.equal(gate.paused, true, "one call is still in flight");
  gate.leave();
  assert.equal(gate.paused, false);
  // Never below zero: a stray leave does not leave the next call unpaused.
  gate.leave();
  gate.enter();
  gate.leave();
  assert.deepEqual(sent, [
    "SIGSTOP:11",
    "SIGSTOP:12",
    "SIGCONT:11",
    "SIGCONT:12",
    "SIGSTOP:11",
    "SIGSTOP:12",
    "SIGCONT:11",
    "SIGCONT:12",
  ]);
});

test("on a server that is never idle the processes still run minRunMs after each maxPauseMs", (t) => {
  const time = fakeTime(t);
  const { gate, sent } = recorded({ idleMs: 0, maxPauseMs: 40, minRunMs: 40, now: time.now });
  gate.enter();
  time.advance(60);
  assert.equal(gate.paused, false, "the floor's run");
  // A call that begins during the guaranteed run does not pause it.
  gate.enter();
  assert.equal(gate.paused, false);
  time.advance(50);
  assert.equal(gate.paused, true, "paused again after the run, calls still in flight");
  gate.leave();
  gate.leave();
  assert.equal(gate.paused, false);
  const stops = sent.filter((s) => s === "SIGSTOP:11").length;
  assert.equal(stops, 2);
  gate.open();
});

test("the processes go on only once no call has been in flight for idleMs: a call soon after keeps them paused", (t) => {
  const time = fakeTime(t);
  const { gate, sent } = recorded({ idleMs: 40, maxPauseMs: 60_000, now: time.now });
  gate.enter();
  gate.leave();
  time.advance(10);
  assert.equal(gate.paused, true, "within idleMs of the last call");
  gate.enter();
  gate.leave();
  time.advance(25);
  assert.equal(gate.paused, true, "the next call began within idleMs: still paused");
  time.advance(40);
  assert.equal(gate.paused, false);
  assert.deepEqual(sent, ["SIGSTOP:11", "SIGSTOP:12", "SIGCONT:11", "SIGCONT:12"]);
});

test("a process in the database is not paused (its snapshot stays short); leaving it, it pauses if calls are in flight", () => {
  let reading = false;
  const sent: string[] = [];
  const gate = judgingGate(() => [11], {
    idleMs: 0,
    maxPauseMs: 60_000,
    inDatabase: () => reading,
    signal: (pid, sig) => sent.push(`${sig}:${pid}`),
  });
  reading = true;
  gate.enter();
  assert.equal(gate.paused, false, "reading: not paused");
  reading = false;
  gate.recheck();
  assert.equal(gate.paused, true, "done reading, a call in flight: paused");
  // It said it entered the database just before the pause reached it: it goes on at once.
  reading = true;
  gate.recheck();
  assert.equal(gate.paused, false);
  gate.leave();
  reading = false;
  gate.recheck();
  assert.equal(gate.paused, false, "no call in flight");
  assert.deepEqual(sent, ["SIGSTOP:11", "SIGCONT:11"]);
});

test("a process in the database is held instead: it starts nothing new there, is paused once out, and the hold ends when the processes go on (decision 015)", () => {
  let reading = true;
  const events: string[] = [];
  const gate = judgingGate(() => [11], {
    idleMs: 0,
    maxPauseMs: 60_000,
    inDatabase: () => reading,
    hold: (on) => events.push(on ? "hold" : "go on"),
    signal: (pid, sig) => events.push(`${sig}:${pid}`),
  });
  gate.enter();
  gate.enter();
  assert.deepEqual(events, ["hold"], "told once, not paused");
  // Out of the database with a call in flight: paused.
  reading = false;
  gate.recheck();
  assert.equal(gate.paused, true);
  gate.leave();
  gate.leave();
  assert.deepEqual(events, ["hold", "SIGSTOP:11", "SIGCONT:11", "go on"]);
  // Held, and the calls end before it leaves the database: the hold ends with them.
  reading = true;
  gate.enter();
  gate.leave();
  assert.deepEqual(events.slice(4), ["hold", "go on"]);
  gate.open();
});

test("a held process still in the database holdMaxMs later (computing with an answer unread) is paused there anyway, until the processes go on", (t) => {
  const time = fakeTime(t);
  const reading = true;
  const events: string[] = [];
  const gate = judgingGate(() => [11], {
    idleMs: 0,
    maxPauseMs: 60_000,
    holdMaxMs: 100,
    now: time.now,
    inDatabase: () => reading,
    hold: (on) => events.push(on ? "hold" : "go on"),
    signal: (pid, sig) => events.push(`${sig}:${pid}`),
  });
  gate.enter();
  time.advance(99);
  assert.deepEqual(events, ["hold"]);
  time.advance(2);
  assert.deepEqual(events, ["hold", "SIGSTOP:11"]);
  assert.equal(gate.paused, true);
  // Its "in the database" message, sent before the pause reached it, does not let it go on.
  gate.recheck();
  assert.equal(gate.paused, true);
  gate.leave();
  assert.deepEqual(events, ["hold", "SIGSTOP:11", "SIGCONT:11", "go on"]);
  gate.open();
});

test("an open gate lets the processes go on and pauses them no more", () => {
  const { gate, sent } = recorded({ maxPauseMs: 60_000 });
  gate.enter();
  gate.open();
  assert.equal(gate.paused, false);
  gate.enter();
  assert.equal(gate.paused, false);
  assert.deepEqual(sent, ["SIGSTOP:11", "SIGSTOP:12", "SIGCONT:11", "SIGCONT:12"]);
});

/** A process's state letter (R, S, T stopped, Z) and CPU ticks, or null once it is gone. */
function stat(pid: number): { state: string; ticks: number } | null {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = s.slice(s.lastIndexOf(")") + 2).split(" ");
    return f[0] === "Z" ? null : { state: f[0], ticks: Number(f[11]) + Number(f[12]) };
  } catch {
    return null;
  }
}

test(
  "a computing process paused by the gate takes no CPU until it goes on",
  { skip: process.platform !== "linux" },
  async () => {
    const child = spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" });
    try {
      const gate = judgingGate(() => [child.pid!], { idleMs: 0, maxPauseMs: 60_000 });
      const started = stat(child.pid!)!.ticks;
      await until(() => stat(child.pid!)!.ticks > started, "the process computes");
      gate.enter();
      // Stopped once the kernel has delivered the signal; from then on its CPU time stands still.
      await until(() => stat(child.pid!)!.state === "T", "the process stops");
      const before = stat(child.pid!)!;
      await sleep(500);
      const during = stat(child.pid!)!;
      assert.equal(during.state, "T");
      assert.ok(during.ticks - before.ticks <= 1, `paused: ${during.ticks - before.ticks} ticks`);
      gate.leave();
      await until(() => stat(child.pid!)!.ticks >= during.ticks + 5, "the process computes again");
      assert.notEqual(stat(child.pid!)!.state, "T");
    } finally {
      child.kill("SIGKILL");
    }
  },
);

test(
  "a paused admin process whose web server dies does not stay paused: it ends",
  { skip: process.platform !== "linux" },
  async () => {
    // The "web server": starts one admin process, pauses it as a call would (no floor), prints its pid.
    const pool = JSON.stringify(new URL("./pool.ts", import.meta.url).href);
    const parent = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        `const { startAdminProcesses } = await import(${pool});
       const admin = startAdminProcesses({ processes: 1, dbPoolSize: 1, pauseWhileJudging: { maxPauseMs: 600000 } });
       await new Promise((r) => setTimeout(r, 3000));
       admin.gate.enter();
       console.log(admin.pids()[0]);
       setInterval(() => {}, 1000);`,
      ],
      // A database the admin process never reaches (it connects when it first computes).
      {
        stdio: ["ignore", "pipe", "inherit"],
        env: { ...process.env, DATABASE_URL: "postgresql://nobody@127.0.0.1:9/none" },
      },
    );
    const pid = await new Promise<number>((resolve) => parent.stdout!.once("data", (d) => resolve(Number(String(d)))));
    try {
      await until(() => stat(pid)?.state === "T", "paused while its web server lives");
      parent.kill("SIGKILL");
      // Within seconds on an idle machine (the sentinel looks every second, the watcher every half second).
      await until(() => stat(pid) === null, "the orphaned admin process ends");
    } finally {
      parent.kill("SIGKILL");
      if (stat(pid)) process.kill(pid, "SIGKILL");
    }
  },
);

/** A gate over the made-up process 11 on a clock the test moves, reading and computing as the test says. */
function rationed(opts: { databaseShare?: number; cpuShare?: number }) {
  const state = { reading: false, clock: 0, cpuMs: 0 };
  const sent: string[] = [];
  const gate = judgingGate(() => [11], {
    idleMs: 0,
    maxPauseMs: 60_000,
    ...opts,
    cpuMs: () => state.cpuMs,
    now: () => state.clock,
    inDatabase: () => state.reading,
    signal: (pid, sig) => sent.push(`${sig}:${pid}`),
  });
  /** The process reads for `ms` while a call is in flight. */
  const readBesideACall = (ms: number) => {
    state.reading = true;
    gate.recheck();
    gate.enter();
    state.clock += ms;
    state.reading = false;
    gate.recheck();
  };
  return { gate, sent, state, readBesideACall };
}

test("while experts judge, time in the database is a debt: the processes stay paused past idleMs until it is paid", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { gate, sent, state, readBesideACall } = rationed({ databaseShare: 0.1 });
  // The process reads for 5 ms while a call is in flight: it owes 5 ms, paid by 50 ms at a share of 10 %.
  readBesideACall(5);
  assert.equal(gate.paused, true, "out of the database with a call in flight: paused");
  gate.leave();
  assert.equal(gate.paused, true, "no call in flight, but the debt is not paid");
  state.clock += 50;
  t.mock.timers.tick(70);
  assert.equal(gate.paused, false, "paid: it goes on");
  // Reading while no expert's call came owes nothing.
  state.reading = true;
  gate.recheck();
  state.clock += 1000;
  state.reading = false;
  gate.recheck();
  gate.enter();
  gate.leave();
  assert.equal(gate.paused, false, "nothing owed: it goes on at once");
  assert.deepEqual(sent, ["SIGSTOP:11", "SIGCONT:11", "SIGSTOP:11", "SIGCONT:11"]);
  gate.open();
});

test("with no share set (1), database time is never owed", () => {
  const { gate, readBesideACall } = rationed({});
  readBesideACall(500);
  gate.leave();
  assert.equal(gate.paused, false);
});

test("while experts judge, the processes' CPU time in the gaps is a debt too: after a run a call ended, they wait it out", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { gate, sent, state } = rationed({ cpuShare: 0.1 });
  // The first pause only marks where the CPU time stands (what came before any call is not owed).
  state.cpuMs = 500;
  gate.enter();
  gate.leave();
  assert.equal(gate.paused, false);
  // The process computes 6 ms, then a call pauses it: 6 ms owed, paid by 60 ms at 10 %.
  state.cpuMs += 6;
  gate.enter();
  gate.leave();
  assert.equal(gate.paused, true, "the run's CPU time is not paid yet");
  state.clock += 60;
  t.mock.timers.tick(80);
  assert.equal(gate.paused, false, "paid: it goes on");
  // A run in which it did not compute (no computation in hand) owes nothing.
  gate.enter();
  gate.leave();
  assert.equal(gate.paused, false);
  assert.deepEqual(sent, ["SIGSTOP:11", "SIGCONT:11", "SIGSTOP:11", "SIGCONT:11", "SIGSTOP:11", "SIGCONT:11"]);
  gate.open();
});

/** Which of `calls` (the door's admissions) have been let in so far, after the promises' callbacks have run. */
async function letIn(calls: Promise<unknown>[]): Promise<boolean[]> {
  const state = calls.map(() => false);
  calls.forEach((c, i) => void c.then(() => (state[i] = true)));
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return state;
}

/** An expert's call of 1 ms every 100 ms, for `ms`. */
function expertsJudge(gate: ReturnType<typeof judgingGate>, time: ReturnType<typeof fakeTime>, ms: number) {
  for (let t = 0; t < ms; t += 100) {
    gate.enter();
    time.advance(1);
    gate.leave();
    time.advance(99);
  }
}

/** A gate over the made-up processes 11 and 12 (their CPU time summed, as lib/platform/offload/pool.ts gives it) with a door. */
function withDoor(t: TestContext, opts: { cpuShare?: number; maxPauseMs?: number; callWeight?: number } = {}) {
  const time = fakeTime(t);
  const cpu = { 11: 0, 12: 0 };
  const sent: string[] = [];
  const gate = judgingGate(() => [11, 12], {
    idleMs: 10,
    maxPauseMs: opts.maxPauseMs ?? 60_000,
    cpuShare: opts.cpuShare ?? 0.1,
    callMaxMs: 250,
    callWeight: opts.callWeight ?? 1,
    cpuMs: () => cpu[11] + cpu[12],
    now: time.now,
    signal: (pid, sig) => sent.push(`${sig}:${pid}`),
  });
  return { gate, time, cpu, sent };
}

test("while experts judge, an admin's calls go in one at a time, once no call has been in flight for idleMs and the ration is paid, each charged its time", async (t) => {
  const { gate, time } = withDoor(t);
  gate.enter(); // an expert's call in flight
  const first = gate.admit();
  const second = gate.admit();
  time.advance(5);
  assert.deepEqual(await letIn([first, second]), [false, false], "a call in flight: nobody goes in");
  gate.leave();
  time.advance(9);
  assert.deepEqual(await letIn([first, second]), [false, false], "within idleMs of the last call");
  time.advance(1);
  assert.deepEqual(await letIn([first, second]), [true, false], "one at a time");
  // The first answers after 20 ms: 20 ms owed, paid by 200 ms at a share of 10 %.
  time.advance(20);
  (await first).done();
  time.advance(190);
  assert.deepEqual(await letIn([second]), [false], "the first call's time is not paid yet");
  time.advance(15);
  assert.deepEqual(await letIn([second]), [true], "paid: the next goes in");
  (await second).done();
  gate.open();
});

test("an admin's call's time counts callWeight times: it holds the event loop the judging calls need", async (t) => {
  const { gate, time } = withDoor(t, { callWeight: 5 });
  gate.enter();
  gate.leave();
  const first = gate.admit();
  time.advance(11);
  assert.deepEqual(await letIn([first]), [true]);
  time.advance(20);
  (await first).done(); // 20 ms × 5 owed: 1 s at 10 %
  const next = gate.admit();
  expertsJudge(gate, time, 900);
  assert.deepEqual(await letIn([next]), [false]);
  expertsJudge(gate, time, 200);
  assert.deepEqual(await letIn([next]), [true]);
  gate.open();
});

test("an admin's call that has been in for callMaxMs no longer holds the door, and owes no more than callMaxMs", async (t) => {
  const { gate, time } = withDoor(t);
  gate.enter();
  gate.leave();
  const download = gate.admit(); // an export: it answers only once downloaded
  time.advance(11);
  assert.deepEqual(await letIn([download]), [true]);
  const page = gate.admit();
  time.advance(200);
  assert.deepEqual(await letIn([page]), [false], "the download is within its first callMaxMs");
  time.advance(60);
  assert.deepEqual(await letIn([page]), [true], "past callMaxMs, nothing owed yet: the page goes in");
  (await page).done();
  // The download ends 30 s later, experts judging all along: it owes callMaxMs (2.5 s at 10 %), not 30 s.
  expertsJudge(gate, time, 30_000);
  (await download).done();
  const next = gate.admit();
  expertsJudge(gate, time, 2400);
  assert.deepEqual(await letIn([next]), [false]);
  expertsJudge(gate, time, 200);
  assert.deepEqual(await letIn([next]), [true]);
  gate.open();
});

test("with no expert's call for a second, an admin's calls go in at once, together, and owe nothing", async (t) => {
  const { gate, time } = withDoor(t);
  gate.enter();
  gate.leave();
  time.advance(1000);
  const calls = [gate.admit(), gate.admit(), gate.admit()];
  assert.deepEqual(await letIn(calls), [true, true, true]);
  time.advance(500);
  for (const c of calls) (await c).done();
  // Nothing owed: a call while experts judge again goes in once idleMs has passed.
  gate.enter();
  gate.leave();
  const next = gate.admit();
  time.advance(11);
  assert.deepEqual(await letIn([next]), [true]);
  gate.open();
});

test("the door's floor: on a server never idle, one admin's call goes in every maxPauseMs, whatever is owed", async (t) => {
  const { gate, time } = withDoor(t, { maxPauseMs: 100 });
  gate.enter(); // never leaves
  const calls = [gate.admit(), gate.admit()];
  time.advance(99);
  assert.deepEqual(await letIn(calls), [false, false]);
  time.advance(2);
  assert.deepEqual(await letIn(calls), [true, false]);
  time.advance(5);
  (await calls[0]).done(); // 5 ms owed: 50 ms to pay, but calls are in flight anyway
  time.advance(90);
  assert.deepEqual(await letIn([calls[1]]), [false], "maxPauseMs since the last one went in has not passed");
  time.advance(10);
  assert.deepEqual(await letIn([calls[1]]), [true]);
  gate.open();
});

test("the admin processes and the admin's calls share one ration: a call's time keeps the processes paused, their CPU time keeps the next call out", async (t) => {
  const { gate, time, cpu, sent } = withDoor(t);
  // Experts judge; the processes pause with the first call, which also marks where their CPU time stands.
  gate.enter();
  const page = gate.admit();
  gate.leave();
  time.advance(11);
  assert.equal(gate.paused, false, "nothing owed: the processes go on");
  assert.deepEqual(await letIn([page]), [true], "and the call goes in");
  time.advance(30);
  (await page).done(); // 30 ms owed: 300 ms at 10 %
  gate.enter();
  gate.leave();
  time.advance(11);
  assert.equal(gate.paused, true, "the call's time is owed: the processes stay paused past idleMs");
  time.advance(300);
  assert.equal(gate.paused, false, "paid: they go on");
  // Each process computes 3 ms, then a call pauses them: 6 ms owed together (60 ms), as one process computing 6 ms.
  cpu[11] += 3;
  cpu[12] += 3;
  gate.enter();
  const next = gate.admit();
  gate.leave();
  time.advance(11);
  assert.deepEqual(await letIn([next]), [false], "the processes' CPU time is owed: the call waits");
  assert.equal(gate.paused, true);
  time.advance(55);
  assert.deepEqual(await letIn([next]), [true], "paid: the call goes in");
  assert.equal(gate.paused, false, "and the processes go on");
  assert.equal(sent.filter((s) => s === "SIGSTOP:11").length, 3);
  gate.open();
});

test("an open gate lets every waiting admin's call in", async (t) => {
  const { gate } = withDoor(t);
  gate.enter();
  const calls = [gate.admit(), gate.admit()];
  assert.deepEqual(await letIn(calls), [false, false]);
  gate.open();
  assert.deepEqual(await letIn(calls), [true, true]);
});
