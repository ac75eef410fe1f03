/**
 * Judging first (decision 010): the web server pauses its admin processes (SIGSTOP) while any of the experts' calls is
 * in flight and lets them go on (SIGCONT) when none is. The lowest CPU priority is not enough on two cores: a computation
 * running beside the judging calls takes the caches and memory bandwidth they share (a lowest-priority loop over a
 * large array raised the claims' p95 by 65 %, a loop over a few registers by 29 %), and it goes on doing so for a
 * moment after it stops (the caches it filled), so the processes go on only once no call has been in flight for
 * `idleMs`. A pause never lasts longer than `maxPauseMs` at a time: the processes then run `minRunMs` even with calls
 * in flight, so a computation on a server that is never idle still advances (a fortieth of the time by default).
 * Never while they are `inDatabase`: a process paused in the middle of a read holds its snapshot open, and an old
 * snapshot costs the judging calls more than the computation (every update of a tally row leaves a version nobody may
 * prune, and each read walks them: an idle snapshot held through a benchmark's phase raised the claims' p95 by 49 %).
 */

export interface GateOptions {
  idleMs?: number;
  maxPauseMs?: number;
  minRunMs?: number;
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

/** A gate over the processes `pids()` names at each pause and resume. */
export function judgingGate(pids: () => number[], opts: GateOptions = {}): JudgingGate {
  const idleMs = opts.idleMs ?? 25;
  const maxPauseMs = opts.maxPauseMs ?? 1950;
  const minRunMs = opts.minRunMs ?? 50;
  const signal = opts.signal ?? send;
  const inDatabase = opts.inDatabase ?? (() => false);
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
  const resume = () => {
    if (idle) clearTimeout(idle);
    idle = undefined;
    if (!paused) return;
    clear();
    all("SIGCONT");
    paused = false;
  };
  return {
    enter() {
      inFlight++;
      if (idle) clearTimeout(idle);
      idle = undefined;
      pause();
    },
    leave() {
      inFlight = Math.max(0, inFlight - 1);
      if (inFlight > 0 || !paused) return;
      if (idleMs <= 0) return resume();
      if (idle) clearTimeout(idle);
      idle = setTimeout(resume, idleMs);
      idle.unref();
    },
    recheck() {
      if (closed) return;
      if (inDatabase()) resume();
      else if (inFlight > 0) pause();
    },
    open() {
      closed = true;
      guaranteed = false;
      resume();
      clear(); // a floor's run in progress
    },
    get paused() {
      return paused;
    },
  };
}
