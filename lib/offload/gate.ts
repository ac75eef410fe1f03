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
 * What cannot be paused is therefore rationed instead: while experts judge, the processes' time in the database may
 * be at most `databaseShare` of the time (their statements run in backends beside the judging ones, and an admin
 * downloading exports back to back was in the database 8 % of the time, claim p95 ×1.2). Time spent there while a
 * call is in flight is a debt that the passing time pays off at that rate; with a debt, the processes stay paused
 * past `idleMs` until it is paid (the floor's runs still come, so a computation always advances). Their CPU time in
 * the idle gaps between calls is rationed the same way (`cpuShare`, read from `cpuMs`): a computation that runs in
 * every gap still fills the caches the next calls need (the quality page's fit, 17 s of CPU in a 150 s phase: claim
 * p95 ×1.20, where the same run with no admin gave ×1.03).
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
  /** Sends the signal (tests watch it); by default process.kill, ignoring processes that are gone. */
  signal?: (pid: number, sig: "SIGSTOP" | "SIGCONT") => void;
}

export interface JudgingGate {
  /** A call began: the admin processes pause (unless in their guaranteed run). */
  enter(): void;
  /** A call ended: with none left, the admin processes go on. */
  leave(): void;
  /** `inDatabase` changed: a process that entered the database goes on, one that left it pauses if calls are in flight. */
  recheck(): void;
  /** Lets the processes go on for good (closing). */
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
  const now = opts.now ?? (() => performance.now());
  const database = ration(opts.databaseShare ?? 1, now);
  const cpu = ration(opts.cpuShare ?? 1, now);
  const cpuMs = opts.cpuShare !== undefined && opts.cpuShare < 1 ? opts.cpuMs : undefined;
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
        if (!paused && inFlight === 0 && now() - lastCall > 1000) cpuAtResume = cpuMs();
      }, 1000)
    : undefined;
  quiet?.unref();
  let inFlight = 0;
  let paused = false;
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
    if (paused || guaranteed || closed || inDatabase()) return;
    all("SIGSTOP");
    paused = true;
    pausedByCall = true;
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
    if (!paused) return;
    clear();
    settleCpu();
    all("SIGCONT");
    paused = false;
  };
  return {
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
      if (inFlight > 0 || !paused) return;
      if (idle) clearTimeout(idle);
      if (idleMs <= 0) return resumeIfPaid();
      idle = setTimeout(resumeIfPaid, idleMs);
      idle.unref();
    },
    recheck() {
      if (closed) return;
      reading = inDatabase();
      overlap();
      if (reading) resume();
      else if (inFlight > 0) pause();
    },
    open() {
      closed = true;
      if (quiet) clearInterval(quiet);
      guaranteed = false;
      resume();
      clear(); // a floor's run in progress
    },
    get paused() {
      return paused;
    },
  };
}
