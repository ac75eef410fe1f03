/**
 * Holding an admin process out of the database (decision 015): while held, its pool hands out no connection — a
 * statement or transaction asks and waits — so the process soon has none in use and the gate (gate.ts) can pause it
 * without a read paused half-way. What already has a connection goes on with it. Holding is at the pool's `connect`,
 * which its own `query` and Prisma's adapter both go through.
 */
import type pg from "pg";

type Connect = (callback?: (err: Error | undefined, client?: pg.PoolClient, done?: () => void) => void) => unknown;

/** Makes `pool` holdable; the returned function holds (true) or lets go (false), the waiting connections first. */
export function holdable(pool: pg.Pool): (on: boolean) => void {
  const connect = pool.connect.bind(pool) as Connect;
  let held = false;
  const waiting: (() => void)[] = [];
  (pool as unknown as { connect: Connect }).connect = (callback) => {
    if (!held) return connect(callback);
    if (callback) {
      waiting.push(() => void connect(callback));
      return undefined;
    }
    return new Promise((resolve, reject) =>
      waiting.push(() => (connect() as Promise<pg.PoolClient>).then(resolve, reject)),
    );
  };
  return (on) => {
    held = on;
    if (!on) for (const go of waiting.splice(0)) go();
  };
}
