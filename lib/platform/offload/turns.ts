/**
 * One unit of work at a time in an admin process (a task whole, an export's pull; lib/platform/offload/body.ts). A
 * computation holding the event loop must never leave another unit's query answer unread in its socket, where its
 * backend waits holding a snapshot (and the pages it reads pinned) that keeps the judging calls' tally rows from being
 * pruned (issue 48 item 7). One unit at a time, the process is in the database only while its unit waits on a
 * statement, and out of it (pausable, decision 015) while it computes. Shared computations (soft labels) are not
 * queued: the unit that starts one computes it, and later units find it done.
 */
export type InTurn = <T>(work: () => Promise<T>) => Promise<T>;

/** A queue of turns: each `work` starts once every earlier one has settled (failed ones included). */
export function turns(): InTurn {
  let last: Promise<unknown> = Promise.resolve();
  return (work) => {
    const next = last.then(work, work);
    last = next.catch(() => {});
    return next;
  };
}
