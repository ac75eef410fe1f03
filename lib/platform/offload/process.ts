/**
 * An admin process (started by lib/platform/offload/pool.ts, under `chrt --idle` where util-linux has it): it answers the
 * web server's messages over the IPC channel — `{id, task, args}` with `{id, outcome}`; an export `{id, export}`
 * opens a channel whose pulls (`{id, port: "pull" | "cancel"}`) get one reply each (`{id, reply}`) until it closes
 * (`{id, closed: true}`); `{hold}` holds it out of the database or lets it go on (gate.ts, decision 015). A separate
 * process rather than a thread so that all of its threads — V8's garbage collection and compilation threads too — run
 * at the lowest priority (decision 017).
 */
import { EventEmitter } from "node:events";
import type { ExportArgs, ExportPort, ExportReply } from "./export";
import { exitWithParent } from "./watchdog";
import type { TaskName } from "./tasks";

export type ToChild =
  | { id: number; task: TaskName; args: unknown }
  | { id: number; export: ExportArgs }
  | { id: number; port: "pull" | "cancel" }
  | { hold: boolean };
export type FromChild =
  | { id: number; outcome: unknown }
  | { id: number; reply: ExportReply }
  | { id: number; closed: true }
  | { database: boolean }
  | { ready: true };

async function main() {
  // Before anything can keep this thread busy: a web server that dies takes its admin processes with it.
  exitWithParent();
  const body = await import("./body");
  body.lowerThisProcess();
  const send = (m: FromChild) => process.send!(m);
  // The web server does not pause this process while it is in the database (its snapshots stay short).
  body.onDatabaseUse((inUse) => send({ database: inUse }));
  const ports = new Map<number, EventEmitter>();
  process.on("message", (m: ToChild) => {
    // Held, it starts nothing new in the database, so that the web server can pause it once out (decision 015).
    if ("hold" in m) return body.holdDatabase(m.hold);
    if ("port" in m) {
      ports.get(m.id)?.emit("message", m.port);
      return;
    }
    if ("export" in m) {
      const events = new EventEmitter();
      ports.set(m.id, events);
      const port: ExportPort = {
        on: (event, listener) => void events.on(event, listener),
        postMessage: (reply) => send({ id: m.id, reply }),
        close: () => {
          ports.delete(m.id);
          send({ id: m.id, closed: true });
        },
      };
      void body.default({ task: "export", args: m.export, port });
      return;
    }
    void body.default({ task: m.task, args: m.args }).then((outcome) => send({ id: m.id, outcome }));
  });
  // The web server closes the channel when it stops (or dies): nothing is left to answer (while a computation
  // holds this thread, the watchdog ends the process instead).
  process.on("disconnect", () => process.exit(0));
  send({ ready: true });
}

void main();
