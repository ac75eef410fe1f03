/**
 * Process-wide caches, in one place. They live on globalThis because the production server loads
 * some modules twice (Next.js's bundle and the fast path in scripts/serve.ts) and every copy must
 * share one cache.
 *
 * The caches: "db-client" and "db-pools" (lib/platform/db/client.ts); three ttlCaches (below), at most 5 s old in
 * other processes: "judging-settings" (lib/judging/store/settings.ts), "adopted-weights" (lib/results/store/fits.ts) and
 * "gold-max-rate" (lib/quality/store/gold-judging.ts); "itineraries"
 * (lib/judging/store/judging-view.ts, plans never change); "session-tokens" (lib/platform/http/session.ts, decoded
 * tokens until they expire; the account is still checked on every call); "job-queues"
 * (lib/platform/worker/queue.ts); "admin-processes" (lib/platform/offload/run.ts, the runner of the admin computations); "recent"
 * (below: the admin pages' shared figures).
 */
const registry = globalThis as unknown as { tripjudgeCaches?: Map<string, unknown> };

/** The process's cache called `name`, made by `init` the first time any module copy asks for it. */
export function processCache<T>(name: string, init: () => T): T {
  registry.tripjudgeCaches ??= new Map();
  if (!registry.tripjudgeCaches.has(name)) registry.tripjudgeCaches.set(name, init());
  return registry.tripjudgeCaches.get(name) as T;
}

/**
 * Key prefix of the admin pages' shared figures (agreement, overview, export cards, adjudication pages). Every admin change (any non-GET an admin
 * makes, see withRole) forgets them, so an admin sees the effect of their own action at once; experts'
 * judging shows within the age limit.
 */
export const ADMIN_FIGURES = "admin-figures:";

interface Recent<T> {
  value?: { at: number; result: T };
  pending?: { generation: number; promise: Promise<T> };
  /** Bumped by forgetRecent: a computation begun before it is neither kept nor shared after it. */
  generation: number;
  /** The age limit its readers ask for: past it, and with nobody computing, the entry may be dropped. */
  maxAgeMs: number;
}

/**
 * The last result of `compute` for `key` if it is younger than `maxAgeMs`; otherwise a new one. Callers
 * that arrive while it is being computed share that computation, so an expensive read runs at most
 * once per `maxAgeMs` in a process however often it is asked for. A failure is not kept.
 */
export async function recent<T>(
  key: string,
  maxAgeMs: number,
  compute: () => Promise<T>,
): Promise<{ result: T; computedAt: Date }> {
  const entries = processCache("recent", () => new Map<string, Recent<unknown>>());
  const now = Date.now();
  if (!entries.has(key)) {
    // Keys come from queries (filters, page cursors): entries nobody asked for within their age go, so the
    // map holds what is in use, not every key ever seen.
    for (const [k, old] of entries)
      if (!old.pending && (!old.value || now - old.value.at >= old.maxAgeMs)) entries.delete(k);
    entries.set(key, { generation: 0, maxAgeMs });
  }
  const e = entries.get(key) as Recent<T>;
  e.maxAgeMs = maxAgeMs;
  if (e.value && now - e.value.at < maxAgeMs) return { result: e.value.result, computedAt: new Date(e.value.at) };
  if (!e.pending || e.pending.generation !== e.generation) {
    const generation = e.generation;
    const pending = {
      generation,
      promise: compute()
        .then((result) => {
          if (e.generation === generation) e.value = { at: now, result };
          return result;
        })
        .finally(() => {
          if (e.pending === pending) e.pending = undefined;
        }),
    };
    e.pending = pending;
  }
  const started = Date.now();
  const result = await e.pending.promise;
  return { result, computedAt: new Date(e.value?.result === result ? e.value.at : started) };
}

/**
 * A value per database client that is read on hot paths and changed rarely (judging settings, adopted weights,
 * the highest gold rate): kept `ms` per process, so another process sees a change within `ms`; the process
 * that makes the change sees it at once (`set` or `forget`, called by the data function that changes it).
 */
export function ttlCache<K extends object, V>(name: string, ms: number, load: (key: K) => Promise<V>) {
  const entries = processCache(name, () => new WeakMap<K, { at: number; value: V }>());
  return {
    async get(key: K): Promise<V> {
      const hit = entries.get(key);
      if (hit && Date.now() - hit.at < ms) return hit.value;
      const value = await load(key);
      entries.set(key, { at: Date.now(), value });
      return value;
    },
    set(key: K, value: V): void {
      entries.set(key, { at: Date.now(), value });
    },
    forget(key: K): void {
      entries.delete(key);
    },
  };
}

/** Drops the kept results whose key starts with `prefix` (after a change their reader must see at once). */
export function forgetRecent(prefix: string): void {
  const entries = processCache("recent", () => new Map<string, Recent<unknown>>());
  for (const [key, e] of entries) {
    if (!key.startsWith(prefix)) continue;
    e.value = undefined;
    e.generation++;
  }
}
