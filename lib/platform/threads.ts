/**
 * Worker threads that run this project's TypeScript modules: the thread registers tsx's loader before it loads
 * the module (the CLI, the job worker and the admin processes all run from source under tsx).
 */
import { Worker, type ResourceLimits } from "node:worker_threads";

export function spawnThread(module: URL, workerData: unknown, resourceLimits?: ResourceLimits): Worker {
  const tsx = import.meta.resolve("tsx/esm/api");
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(module.href)}); })`;
  return new Worker(boot, { eval: true, workerData, resourceLimits });
}
