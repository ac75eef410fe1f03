/**
 * An admin process ends with the web server that started it, even while its main thread is busy with a long
 * computation: the IPC channel's "disconnect" waits for the event loop, so a thread of its own watches for the
 * process being handed to another parent (the web server died) and kills the process at once. Its database
 * transactions end with its connections.
 */
import { Worker } from "node:worker_threads";

const WATCH = `
const { workerData } = require("node:worker_threads");
setInterval(() => {
  if (process.ppid !== workerData.parent) process.kill(process.pid, "SIGKILL");
}, workerData.everyMs);
`;

export function exitWithParent(everyMs = 500): Worker {
  // Plain JavaScript with no loader (execArgv: []): a thread that loaded tsx's hooks would wait for this thread's
  // event loop to start, which a busy computation never frees.
  const watcher = new Worker(WATCH, { eval: true, execArgv: [], workerData: { parent: process.ppid, everyMs } });
  // The watcher never keeps the process alive by itself.
  watcher.unref();
  return watcher;
}
