// The embedded database on a thread of its own (decision 033). PGlite runs PostgreSQL compiled to
// WebAssembly, synchronously, on the thread that calls it: on the server's one thread every query
// held up every request, and under a load of forms more than half of that thread's time was
// PGlite's. Here PGlite runs in a worker thread, and the server's thread hands it queries and
// reads their answers as messages, so pages are rendered while the database works, on the
// machine's other core.
//
// The client below answers the calls Drizzle's PGlite driver makes (query, exec, transaction),
// so the rest of the site uses the database as before. A transaction holds the database as it
// does in PGlite itself: other queries wait until it ends.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { PGlite } from "@electric-sql/pglite";
import { logFault } from "./error-log.server";

/** What the thread runs: plain JavaScript, so that neither the build nor the tests rewrite it. */
const threadSource = `
const { parentPort, workerData } = require("node:worker_threads");
const { PGlite } = require(workerData.pglite);
const { pg_trgm } = require(workerData.pgTrgm);
const rollback = Symbol("rollback");
const errorFields = ["code", "severity", "detail", "hint", "position", "where", "schema", "table", "column",
  "dataType", "constraint", "routine"];
let database;
const transactions = new Map();

function describe(error) {
  const described = { message: error instanceof Error ? error.message : String(error) };
  for (const field of errorFields) if (error && error[field] !== undefined) described[field] = error[field];
  return described;
}
function answer(id, value) { parentPort.postMessage({ id, ok: true, value }); }
function refuse(id, error) { parentPort.postMessage({ id, ok: false, error: describe(error) }); }
function parsersOf(keepText) {
  // Types the caller reads as the database's text (Drizzle's dates, times and intervals).
  return keepText ? Object.fromEntries(keepText.map((type) => [type, (value) => value])) : undefined;
}
async function run(client, message) {
  try {
    const value = message.op === "exec"
      ? await client.exec(message.sql)
      : await client.query(message.sql, message.params, { rowMode: message.rowMode, parsers: parsersOf(message.keepText) });
    answer(message.id, value);
  } catch (error) {
    refuse(message.id, error);
  }
}
function begin(message) {
  const box = { waiting: [], wake: undefined, end: undefined };
  transactions.set(message.tx, box);
  const next = () => box.waiting.length > 0
    ? Promise.resolve(box.waiting.shift())
    : new Promise((resolve) => { box.wake = resolve; });
  database.transaction(async (tx) => {
    answer(message.id, null);
    for (;;) {
      const step = await next();
      if (step.op === "end") {
        box.end = step;
        if (!step.commit) throw rollback;
        return;
      }
      await run(tx, step);
    }
  }).then(
    () => answer(box.end.id, null),
    (error) => {
      if (error === rollback) answer(box.end.id, null);
      else refuse(box.end ? box.end.id : message.id, error);
    },
  ).finally(() => transactions.delete(message.tx));
}
function deliver(message) {
  const box = transactions.get(message.tx);
  if (!box) return refuse(message.id, new Error("No such transaction"));
  if (box.wake) {
    const wake = box.wake;
    box.wake = undefined;
    wake(message);
  } else box.waiting.push(message);
}
parentPort.on("message", (message) => {
  if (message.op === "close") {
    database.close().then(() => answer(message.id, null), (error) => refuse(message.id, error));
  } else if (message.op === "begin") begin(message);
  else if (message.tx !== undefined) deliver(message);
  else run(database, message);
});
PGlite.create(workerData.pgdata, {
  relaxedDurability: false,
  pgliteWasmModule: workerData.wasmModule,
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, ...workerData.startParams],
}).then(
  (opened) => { database = opened; parentPort.postMessage({ ready: true }); },
  (error) => parentPort.postMessage({ ready: false, error: describe(error) }),
);
`;

interface Answer {
  id: number;
  ok: boolean;
  value?: unknown;
  error?: Record<string, unknown> & { message: string };
}

interface QueryOptions {
  rowMode?: "array" | "object";
  parsers?: Record<number, (value: string, type: number) => unknown>;
}

/** An error of the database, with PostgreSQL's fields (code, constraint, detail...) as PGlite gives them. */
function databaseError(described: Record<string, unknown> & { message: string }): Error {
  const error = new Error(described.message);
  error.name = "DatabaseError";
  return Object.assign(error, described);
}

/** The parsers' types, when each keeps the database's text as it is (the only kind a thread can be sent). */
function textTypes(parsers: QueryOptions["parsers"]): number[] | undefined {
  if (!parsers) return undefined;
  return Object.entries(parsers).map(([type, parse]) => {
    if (parse("2026-01-01 00:00:00", Number(type)) !== "2026-01-01 00:00:00") {
      throw new Error("The embedded database's thread only takes parsers that keep the text.");
    }
    return Number(type);
  });
}

interface Caller {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<unknown>;
  exec(sql: string): Promise<unknown>;
}

export interface PgliteThreadOptions {
  /**
   * Called once if the thread stops on its own (a fault in it), not when closed: every
   * query from then on fails, so the server's process ends and its supervisor starts it again.
   */
  onLost?: (error: Error) => void;
}

class PgliteThread implements Caller {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #lastId = 0;
  #lastTransaction = 0;
  #stopped: Error | undefined;
  #closing = false;

  constructor(worker: Worker, onLost?: (error: Error) => void) {
    this.#worker = worker;
    worker.on("message", (message: Answer) => {
      const pending = this.#pending.get(message.id);
      if (!pending) return;
      this.#settled(message.id);
      if (message.ok) pending.resolve(message.value);
      else pending.reject(databaseError(message.error ?? { message: "The embedded database failed." }));
    });
    const stop = (error: Error) => {
      const lost = !this.#stopped && !this.#closing;
      this.#stopped ??= error;
      for (const [id, pending] of this.#pending) {
        this.#settled(id);
        pending.reject(error);
      }
      if (lost) onLost?.(error);
    };
    worker.on("error", (error) => {
      logFault("The embedded database's thread failed", error);
      stop(new Error(`The embedded database stopped: ${error.message}`));
    });
    worker.on("exit", (code) =>
      stop(
        new Error(this.#closing ? "The embedded database is closed." : `The embedded database stopped (exit ${code}).`),
      ),
    );
    // The thread keeps the process alive only while it has an answer to give.
    worker.unref();
  }

  #settled(id: number): void {
    this.#pending.delete(id);
    if (this.#pending.size === 0) this.#worker.unref();
  }

  call(message: Record<string, unknown>): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = ++this.#lastId;
    return new Promise((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...message, id });
    });
  }

  query(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<unknown> {
    return this.call({ op: "query", sql, params, rowMode: options.rowMode, keepText: textTypes(options.parsers) });
  }

  exec(sql: string): Promise<unknown> {
    return this.call({ op: "exec", sql });
  }

  async transaction<T>(body: (tx: Caller) => Promise<T>): Promise<T> {
    const tx = ++this.#lastTransaction;
    await this.call({ op: "begin", tx });
    const inside: Caller = {
      query: (sql, params = [], options = {}) =>
        this.call({ op: "query", tx, sql, params, rowMode: options.rowMode, keepText: textTypes(options.parsers) }),
      exec: (sql) => this.call({ op: "exec", tx, sql }),
    };
    let result: T;
    try {
      result = await body(inside);
    } catch (error) {
      await this.call({ op: "end", tx, commit: false }).catch(() => {});
      throw error;
    }
    await this.call({ op: "end", tx, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (this.#stopped) return;
    this.#closing = true;
    try {
      await this.call({ op: "close" });
    } finally {
      await this.#worker.terminate();
    }
  }
}

/** Where the thread loads PGlite and its trigram extension from: the paths this server resolves. */
const require = createRequire(import.meta.url);
const pgliteEntry = require.resolve("@electric-sql/pglite");
const pgTrgmEntry = require.resolve("@electric-sql/pglite/contrib/pg_trgm");

/**
 * PGlite's WebAssembly, compiled once per process and handed to each thread: V8 shares the
 * compiled code between threads, so a database opened after another in the same process (as the
 * tests do, hundreds of times) starts on code already compiled, and optimised where it ran hot,
 * instead of compiling nine megabytes again: an open took 0.3 CPU-s instead of 0.9.
 */
let compiledPglite: Promise<WebAssembly.Module> | undefined;
function pgliteModule(): Promise<WebAssembly.Module> {
  if (!compiledPglite) {
    compiledPglite = readFile(path.join(path.dirname(pgliteEntry), "pglite.wasm")).then((bytes) =>
      WebAssembly.compile(bytes),
    );
    // A failed read or compile is not kept: the next open tries again.
    compiledPglite.catch(() => {
      compiledPglite = undefined;
    });
  }
  return compiledPglite;
}

/**
 * Opens the embedded database in `pgdata` (already initialised) on a thread of its own. The
 * client answers Drizzle's PGlite driver; the caller holds the data-directory lock.
 */
export async function openPgliteThread(
  pgdata: string,
  startParams: string[],
  { onLost }: PgliteThreadOptions = {},
): Promise<PGlite> {
  const worker = new Worker(threadSource, {
    eval: true,
    workerData: { wasmModule: await pgliteModule(), pgdata, startParams, pglite: pgliteEntry, pgTrgm: pgTrgmEntry },
  });
  // The first message says whether PGlite opened; a thread that fails or ends before it says so
  // fails the open (a start never waits for ever).
  const ready = await new Promise<{ ready: boolean; error?: Answer["error"] }>((resolve, reject) => {
    const ended = (code: number) =>
      reject(new Error(`The embedded database's thread ended before the database opened (exit ${code}).`));
    const settle = () => {
      worker.off("message", opened);
      worker.off("error", failed);
      worker.off("exit", ended);
    };
    const opened = (message: { ready: boolean; error?: Answer["error"] }) => {
      settle();
      resolve(message);
    };
    const failed = (error: Error) => {
      settle();
      reject(error);
    };
    worker.on("message", opened);
    worker.on("error", failed);
    worker.on("exit", ended);
  });
  if (!ready.ready) {
    await worker.terminate();
    throw databaseError(ready.error ?? { message: "The embedded database did not open." });
  }
  // Drizzle's driver is typed for PGlite itself; it calls query, exec and transaction only.
  return new PgliteThread(worker, onLost) as unknown as PGlite;
}
