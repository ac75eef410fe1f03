/**
 * Judging first (decision 017): the web server pauses its admin processes (SIGSTOP) while any of the experts' calls is
 * in flight and lets them go on (SIGCONT) when none is. The lowest CPU priority is not enough on two cores: a computation
 * running beside the judging calls takes the caches and memory bandwidth they share (a lowest-priority loop over a
 * large array raised the claims' p95 by 65 %, a loop over a few registers by 29 %), and it goes on doing so for a
 * moment after it stops (the caches it filled), so the processes go on only once no call has been in flight for
 * `idleMs`. A pause never lasts longer than `maxPauseMs` at a time: the processes then run `minRunMs` even with calls
 * in flight, so a computation on a server that is never idle still advances (a fortieth of the time by default).
 * Never while they are `inDatabase`: a process paused in the middle of a read holds its snapshot open, and an old
 * snapshot costs the judging calls more than the computation (every update of a tally row leaves a version nobody may
 * prune, and each read walks them: an idle snapshot held through a benchmark's phase raised the claims' p95 by 49 %).
 * They are told to `hold` instead — to start nothing new in the database — and paused once out of it (decision 015: an
 * admin process computing several tabs' figures at once was nearly always in the database, one statement or another).
 * One still in the database `holdMaxMs` later is paused there anyway: no statement takes that long here, so its event
 * loop is busy computing — one task's fit while another's answer waits unread, its snapshot held whether the process
 * computes or is paused (it took a fifth of a core through experts' calls).
 * What cannot be paused is therefore rationed instead: while experts judge, the processes' time in the database may
 * be at most `databaseShare` of the time (their statements run in backends beside the judging ones, and an admin
 * downloading exports back to back was in the database 8 % of the time, claim p95 ×1.2). Time spent there while a
 * call is in flight is a debt that the passing time pays off at that rate; with a debt, the processes stay paused
 * past `idleMs` until it is paid (the floor's runs still come, so a computation always advances). Their CPU time in
 * the idle gaps between calls is rationed the same way (`cpuShare`, read from `cpuMs`): a computation that runs in
 * every gap still fills the caches the next calls need (the quality page's fit, 17 s of CPU in a 150 s phase: claim
 * p95 ×1.20, where the same run with no admin gave ×1.03).
 * The admin's calls to the web server draw on the same CPU ration (decision 015): the web server's own work for them (a
 * page's light figures computed on its event loop, "Recompute", a stored answer read and sent) runs at normal priority
 * beside the judging calls, and seven tabs reloading pages took more of it than any admin process (claim p95 ×2.5).
 * While experts judge they go in at a door (`admit`) one at a time, each when no call has been in flight for `idleMs`
 * and the ration is paid, and each is charged its time until it answers, up to `callMaxMs` (longer, it is waiting on an
 * admin process, whose CPU is charged as it runs, or on its download), `callWeight` times over (it holds the judging
 * calls' event loop); one call goes in after `maxPauseMs` in any case.
 * So N admin processes and any number of tabs share what one admin process alone was given.
 */

export interface GateOptions {
  idleMs?: number;
  maxPauseMs?: number;
  minRunMs?: number;
  /** The share of the time the processes may spend in the database while experts' calls come (0 < share ≤ 1; 1: no limit). */
  databaseShare?: number;
  /** The share of the time the processes may compute while experts judge (0 < share ≤ 1; 1: no limit). */
  cpuShare?: number;
  /** The processes' CPU time so far, in ms (Linux: /proc); without it CPU time is not rationed. */
  cpuMs?: () => number;
  /** The clock (tests set it). */
  now?: () => number;
  /** Whether a process is in the database (a connection of its pool in use): it is not paused then. */
  inDatabase?: () => boolean;
  /** Tells the processes to start nothing new in the database (true: they are to be paused once out of it) or to go on. */
  hold?: (on: boolean) => void;
  /** Sends the signal (tests watch it); by default process.kill, ignoring processes that are gone. */
  signal?: (pid: number, sig: "SIGSTOP" | "SIGCONT") => void;
  /** How long a held process may stay in the database before it is paused there anyway. */
  holdMaxMs?: number;
  /** The most of one admin's call's time (from its admission to its answer) that is charged to the CPU ration. */
  callMaxMs?: number;
  /** How many ms of the CPU ration one ms of an admin's call's time costs. */
  callWeight?: number;
}

/** An admin's call let in at the door: `done` once it has answered (or its client has gone). */
export interface AdminCall {
  done(): void;
}

export interface JudgingGate {
  /** A call began: the admin processes pause (unless in their guaranteed run). */
  enter(): void;
  /** A call ended: with none left, the admin processes go on. */
  leave(): void;
  /**
   * `inDatabase` changed: a process that entered the database goes on (held: it starts nothing new there), one that
   * left it pauses if calls are in flight or it was held.
   */
  recheck(): void;
  /**
   * An admin's call at the web server's door (lib/judging/http/judging-gate.ts): resolves when the web server may handle it.
   * At once unless experts judge (a call in flight or within the last second); then one at a time, when no call has
   * been in flight for idleMs and the ration is paid, each charged its time until `done` (at most callMaxMs).
   */
  admit(): Promise<AdminCall>;
  /** Lets the processes go on for good, and every admin's call in (closing). */
  open(): void;
  readonly paused: boolean;
}

const send = (pid: number, sig: "SIGSTOP" | "SIGCONT") => {
  try {
    process.kill(pid, sig);
  } catch {
    // Gone (being started again): nothing to pause.
  }
};

const MAX_WAIT_MS = 10_000;
/** With no expert's call for this long, experts are not judging: nothing the admin does is owed. */
const QUIET_MS = 1000;

/**
 * A debt of time that passing time pays off at `share` of it (1: nothing is ever owed). One debt never comes to more
 * than MAX_WAIT_MS of waiting (one long statement or computation must not stop the processes for minutes).
 */
function ration(share: number, now: () => number) {
  const rate = Math.min(1, Math.max(1e-3, share));
  let debt = 0;
  let at = now();
  const pay = () => {
    const t = now();
    debt = Math.max(0, debt - (t - at) * rate);
    at = t;
  };
  return {
    owe(ms: number) {
      if (rate >= 1 || !(ms > 0)) return;
      pay();
      debt = Math.min(debt + ms, MAX_WAIT_MS * rate);
    },
    /** How long until the debt is paid, in ms. */
    wait(): number {
      if (rate >= 1) return 0;
      pay();
      return debt / rate;
    },
  };
}

/** A gate over the processes `pids()` names at each pause and resume. */
export function judgingGate(pids: () => number[], opts: GateOptions = {}): JudgingGate {
  const idleMs = opts.idleMs ?? 25;
  const maxPauseMs = opts.maxPauseMs ?? 1950;
  const minRunMs = opts.minRunMs ?? 50;
  const signal = opts.signal ?? send;
  const inDatabase = opts.inDatabase ?? (() => false);
  const hold = opts.hold ?? (() => {});
  const now = opts.now ?? (() => performance.now());
  const database = ration(opts.databaseShare ?? 1, now);
  const cpu = ration(opts.cpuShare ?? 1, now);
  const cpuMs = opts.cpuShare !== undefined && opts.cpuShare < 1 ? opts.cpuMs : undefined;
  const callMaxMs = opts.callMaxMs ?? 100;
  // The web server's time on an admin's call holds the event loop that answers the judging calls: an expert's call that
  // arrives meanwhile waits for it, where the processes' CPU only shares the caches and the second core.
  const callWeight = opts.callWeight ?? 5;
  const holdMaxMs = opts.holdMaxMs ?? 100;
  // Since when the processes have been in the database with a call in flight (or null).
  let overlapSince: number | null = null;
  let reading = false;
  /** Starts or ends an overlap as `reading` or `inFlight` changed. */
  const overlap = () => {
    const both = reading && inFlight > 0;
    if (both && overlapSince === null) overlapSince = now();
    else if (!both && overlapSince !== null) {
      database.owe(now() - overlapSince);
      overlapSince = null;
    }
  };
  // The processes' CPU time when they last went on, and whether a call has paused them since (their run then
  // came while experts judge, and its CPU time is owed). Read off the calls' path: in the timers and messages only.
  let cpuAtResume: number | null = null;
  let pausedByCall = false;
  let lastCall = -Infinity;
  /** While paused: what the last run owes, and the CPU time as it stands (it does not move while paused). */
  const settleCpu = () => {
    if (!cpuMs) return;
    const c = cpuMs();
    if (pausedByCall && cpuAtResume !== null) cpu.owe(c - cpuAtResume);
    pausedByCall = false;
    cpuAtResume = c;
  };
  // With no expert's call for a second, what the processes compute is not owed: the mark moves up each second.
  const quiet = cpuMs
    ? setInterval(() => {
        if (!paused && inFlight === 0 && now() - lastCall > QUIET_MS) cpuAtResume = cpuMs();
      }, QUIET_MS)
    : undefined;
  quiet?.unref();
  let inFlight = 0;
  let lastLeave = -Infinity; // when the last call in flight ended
  let paused = false;
  let held = false; // told to start nothing new in the database: to be paused once out of it
  let holdTimer: NodeJS.Timeout | undefined; // pauses the processes still in the database holdMaxMs after the hold
  let stoppedInDatabase = false; // paused there anyway: its "in the database" messages do not let it go on
  let guaranteed = false; // in a run the floor guarantees: calls do not pause it
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let idle: NodeJS.Timeout | undefined; // the resume once no call has been in flight for idleMs
  const all = (sig: "SIGSTOP" | "SIGCONT") => {
    for (const pid of pids()) signal(pid, sig);
  };
  const clear = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };
  const pause = () => {
    if (paused || guaranteed || closed) return;
    pausedByCall = true;
    if (!inDatabase()) {
      all("SIGSTOP");
      paused = true;
    } else if (!held) {
      // In the middle of a read: it finishes what it is reading, starts nothing new, and is paused once out (recheck).
      held = true;
      hold(true);
      holdTimer = setTimeout(() => {
        holdTimer = undefined;
        if (!held || paused || guaranteed || closed) return;
        all("SIGSTOP");
        paused = true;
        stoppedInDatabase = true;
      }, holdMaxMs);
      holdTimer.unref();
    }
    if (timer) return; // the floor counts from the first pause or hold
    timer = setTimeout(() => {
      // Paused for maxPauseMs with calls still in flight: the floor's run.
      resume();
      guaranteed = true;
      timer = setTimeout(() => {
        timer = undefined;
        guaranteed = false;
        if (inFlight > 0) pause();
      }, minRunMs);
      timer.unref();
    }, maxPauseMs);
    timer.unref();
  };
  /** No call in flight for idleMs: the processes go on, once their database and CPU time while experts judge is paid. */
  const resumeIfPaid = () => {
    idle = undefined;
    settleCpu();
    const wait = Math.max(database.wait(), cpu.wait());
    if (wait >= 1 && inFlight === 0 && !closed) {
      idle = setTimeout(resumeIfPaid, wait);
      idle.unref();
      return;
    }
    resume();
  };
  const resume = () => {
    if (idle) clearTimeout(idle);
    idle = undefined;
    if (!paused && !held) return;
    clear();
    if (holdTimer) clearTimeout(holdTimer);
    holdTimer = undefined;
    settleCpu();
    if (paused) all("SIGCONT");
    if (held) hold(false);
    paused = held = stoppedInDatabase = false;
  };
  // The door: the admin's calls waiting (each with when it came), the last one let in while experts judge (one at a
  // time: the next waits until it has answered or has been in for callMaxMs), and when one was last let in.
  const waiting: { since: number; admit: (c: AdminCall) => void }[] = [];
  let current: { at: number; ended: boolean } | null = null;
  let lastAdmitted = -Infinity;
  let door: NodeJS.Timeout | undefined;
  const judging = () => inFlight > 0 || now() - lastCall < QUIET_MS;
  const letIn = (charged: boolean) => {
    const entry = waiting.shift()!;
    if (!charged) return entry.admit({ done: () => {} });
    const call = { at: now(), ended: false };
    current = call;
    lastAdmitted = call.at;
    entry.admit({
      done() {
        if (call.ended) return;
        call.ended = true;
        cpu.owe(Math.min(now() - call.at, callMaxMs) * callWeight);
        pump();
      },
    });
  };
  /** Lets in the admin's calls that may go in now, and sets a timer for when the next may. */
  const pump = () => {
    if (door) clearTimeout(door);
    door = undefined;
    while (waiting.length) {
      const t = now();
      if (closed || !judging()) {
        letIn(false);
        continue;
      }
      let wake: number;
      if (current && !current.ended && t - current.at < callMaxMs) wake = current.at + callMaxMs - t;
      else {
        // The floor: one call in after maxPauseMs, whatever is owed and however busy the server is.
        const floor = Math.max(lastAdmitted, waiting[0].since) + maxPauseMs - t;
        if (floor <= 0) {
          letIn(true);
          continue;
        }
        wake = floor;
        if (inFlight === 0) {
          // Paused, the processes' CPU time stands still: what their last run owes is owed before a call goes in.
          if (paused) settleCpu();
          const ready = Math.max(lastLeave + idleMs - t, database.wait(), cpu.wait());
          if (ready < 1) {
            letIn(true);
            continue;
          }
          wake = Math.min(wake, ready, lastCall + QUIET_MS - t);
        }
      }
      door = setTimeout(pump, Math.max(1, Math.ceil(wake)));
      door.unref();
      return;
    }
  };
  return {
    admit() {
      return new Promise<AdminCall>((admit) => {
        waiting.push({ since: now(), admit });
        pump();
      });
    },
    enter() {
      inFlight++;
      lastCall = now();
      overlap();
      if (idle) clearTimeout(idle);
      idle = undefined;
      pause();
    },
    leave() {
      inFlight = Math.max(0, inFlight - 1);
      overlap();
      if (inFlight === 0) {
        lastLeave = now();
        if (waiting.length) pump();
      }
      if (inFlight > 0 || (!paused && !held)) return;
      if (idle) clearTimeout(idle);
      if (idleMs <= 0) return resumeIfPaid();
      idle = setTimeout(resumeIfPaid, idleMs);
      idle.unref();
    },
    recheck() {
      if (closed) return;
      reading = inDatabase();
      overlap();
      if (reading) {
        if (!paused || stoppedInDatabase) return;
        // It entered the database just before the pause reached it: it goes on, held, to leave it soon.
        all("SIGCONT");
        paused = false;
        if (!held) hold(true);
        held = true;
      } else if (inFlight > 0 || held) pause();
    },
    open() {
      closed = true;
      if (quiet) clearInterval(quiet);
      guaranteed = false;
      resume();
      clear(); // a floor's run in progress
      pump();
    },
    get paused() {
      return paused;
    },
  };
}
