import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker, type WorkerOptions } from "node:worker_threads";
import type { QueryOptions, Results, RowMode } from "@electric-sql/pglite";
import { StatementQueue } from "./statement-queue.server";

/**
 * The embedded database on a worker thread (decision 021). PGlite's queries are synchronous
 * WebAssembly: on the server's thread, every other request (even `/healthz`) waited for them.
 * This client owns a worker that owns the PGlite instance and offers Drizzle the part of
 * PGlite's interface that drizzle-orm/pglite, its migrator and the backup use: `query`, `exec`,
 * `transaction`, `dumpDataDir`, `close` and `dataDir`.
 */

/** What the worker starts from (its `workerData`). */
export interface WorkerStart {
  dataDir: string;
  loadDataDir?: ArrayBuffer;
}

/** `name`: run as a prepared statement of that name (prepared.server.ts). */
type Statement = { sql: string; rowMode?: RowMode; textTypes?: number[]; name?: string };
type Ask =
  | ({ op: "query"; params?: unknown[] } & Statement)
  | ({ op: "exec" } & Statement)
  | { op: "dumpDataDir"; compression: "none" | "gzip" | "auto" }
  | { op: "close" };
export type Request = Ask & { id: number };
type PlainError = Record<string, unknown> & { message?: unknown };
export type Reply =
  | { ready: true }
  | { failed: PlainError }
  | { id: number; value: unknown }
  | { id: number; error: PlainError };

export interface WorkerTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/**
 * A worker on the module beside this one: JavaScript in the build. From the sources (tests,
 * `npm run dev`), esbuild compiles it first, as `npm run build` does.
 */
async function startWorker(options: WorkerOptions) {
  const own = new URL(import.meta.url);
  if (!own.pathname.endsWith(".ts")) return new Worker(new URL("./pglite.worker.js", own), options);
  // Inside node_modules, so the worker finds the packages it imports.
  const outfile = fileURLToPath(
    new URL(`../../../node_modules/.cache/pglite-worker/${process.pid}-${Date.now()}.mjs`, own),
  );
  const { build } = await import("esbuild");
  await build({
    entryPoints: [fileURLToPath(new URL("./pglite.worker.ts", own))],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    logLevel: "warning",
  });
  // Not the parent's `--import tsx`: the worker is JavaScript, and tsx in a worker never starts.
  const worker = new Worker(outfile, { ...options, execArgv: [] });
  // Loaded once it first answers (or is gone).
  const remove = () => rmSync(outfile, { force: true });
  worker.once("message", remove).once("exit", remove);
  return worker;
}

function toError(fields: PlainError) {
  return Object.assign(new Error(String(fields.message ?? "database worker error")), fields);
}

/**
 * PGlite's parsers are functions, which cannot cross to the worker: the worker leaves those
 * column types as text, and they are parsed here (drizzle's own parsers keep dates as text).
 */
function withParsers<T>(results: Results<T>, options?: QueryOptions): Results<T> {
  const parsers = options?.parsers;
  if (!parsers) return results;
  results.fields.forEach((field, index) => {
    const parse = parsers[field.dataTypeID];
    if (!parse) return;
    const key = options.rowMode === "array" ? index : field.name;
    for (const row of results.rows as Record<string | number, unknown>[]) {
      const value = row[key];
      if (typeof value === "string") row[key] = parse(value);
    }
  });
  return results;
}

export class PgliteInWorker {
  readonly dataDir: string;
  #worker: Worker;
  #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  #nextId = 1;
  #gone: Error | null = null;
  /** One statement or one transaction at a time, as PGlite itself orders them. */
  #queue = new StatementQueue();

  private constructor(dataDir: string, worker: Worker) {
    this.dataDir = dataDir;
    this.#worker = worker;
  }

  /** Starts the worker and waits until its database is ready; rejects with the reason it is not. */
  static async start(dataDir: string, loadDataDir?: Blob): Promise<PgliteInWorker> {
    const dump = loadDataDir ? await loadDataDir.arrayBuffer() : undefined;
    const worker = await startWorker({
      workerData: { dataDir, loadDataDir: dump } satisfies WorkerStart,
      transferList: dump ? [dump] : [],
      // The worker's objects are rows in transit, dropped as soon as they are posted: a small
      // young generation keeps its heap small (docs/performance.md, issue 24).
      resourceLimits: { maxYoungGenerationSizeMb: 4 },
    });
    const client = new PgliteInWorker(dataDir, worker);
    await new Promise<void>((resolve, reject) => {
      const ready = (reply: Reply) =>
        "ready" in reply
          ? settled(resolve)
          : settled(() => reject(toError("failed" in reply ? reply.failed : {})));
      const failed = (error: Error) => settled(() => reject(error));
      const exited = (code: number) => failed(new Error(`database worker exited (${code})`));
      // Only these: the worker's own listeners (which start its port) stay.
      const settled = (then: () => void) => {
        worker.off("message", ready).off("error", failed).off("exit", exited);
        then();
      };
      worker.on("message", ready).on("error", failed).on("exit", exited);
    });
    worker.on("message", (reply: Reply) => client.#settle(reply));
    worker.on("error", (error) => client.#fail(error));
    worker.on("exit", (code) => client.#fail(new Error(`database worker exited (${code})`)));
    return client;
  }

  #settle(reply: Reply) {
    if (!("id" in reply)) return;
    const call = this.#pending.get(reply.id);
    this.#pending.delete(reply.id);
    if ("error" in reply) call?.reject(toError(reply.error));
    else call?.resolve(reply.value);
  }

  #fail(error: Error) {
    this.#gone ??= error;
    for (const call of this.#pending.values()) call.reject(error);
    this.#pending.clear();
  }

  #call<T>(request: Ask): Promise<T> {
    if (this.#gone) return Promise.reject(this.#gone);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  #statement(sql: string, options?: QueryOptions): Statement {
    if (options?.serializers || options?.blob || options?.onNotice || options?.paramTypes)
      throw new Error("the database worker takes no serializers, blob, onNotice or paramTypes");
    const textTypes = options?.parsers ? Object.keys(options.parsers).map(Number) : undefined;
    const { name } = (options ?? {}) as { name?: string };
    return { sql, rowMode: options?.rowMode, textTypes, name };
  }

  async #query<T>(sql: string, params?: unknown[], options?: QueryOptions) {
    const results = await this.#call<Results<T>>({
      op: "query",
      params,
      ...this.#statement(sql, options),
    });
    return withParsers(results, options);
  }

  async #exec(sql: string, options?: QueryOptions) {
    const results = await this.#call<Results[]>({ op: "exec", ...this.#statement(sql, options) });
    return results.map((result) => withParsers(result, options));
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#queue.run(() => this.#query<T>(sql, params, options));
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.#queue.run(() => this.#exec(sql, options));
  }

  /** BEGIN, `fn`'s statements, COMMIT (ROLLBACK when it throws); no other statement in between. */
  transaction<T>(fn: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    return this.#queue.run(async () => {
      await this.#exec("BEGIN");
      let closed = false;
      const open = () => {
        if (closed) throw new Error("Transaction is closed");
      };
      const tx: WorkerTransaction = {
        query: (sql, params, options) => (open(), this.#query(sql, params, options)),
        exec: (sql, options) => (open(), this.#exec(sql, options)),
        rollback: async () => {
          open();
          await this.#exec("ROLLBACK");
          closed = true;
        },
        get closed() {
          return closed;
        },
      };
      try {
        const result = await fn(tx);
        if (!closed) {
          closed = true;
          const [commit] = await this.#exec("COMMIT");
          // An error inside the transaction that `fn` caught: PostgreSQL rolled it back.
          if ((commit as { command?: string } | undefined)?.command === "ROLLBACK")
            throw new Error("the transaction was rolled back (a statement in it failed)");
        }
        return result;
      } catch (error) {
        if (!closed) {
          closed = true;
          await this.#exec("ROLLBACK");
        }
        throw error;
      }
    });
  }

  /** The data directory as a tarball (`openDatabase({ loadDataDir })` starts from it). */
  dumpDataDir(compression: "none" | "gzip" | "auto" = "auto"): Promise<Blob> {
    return this.#queue.run(async () => {
      const dump = await this.#call<ArrayBuffer>({ op: "dumpDataDir", compression });
      return new Blob([dump]);
    });
  }

  /** Closes the database (after the statements already asked for) and ends the worker. */
  async close(): Promise<void> {
    if (this.#gone) return;
    await this.#queue.run(() => this.#call({ op: "close" }));
    this.#gone = new Error("the database is closed");
    await this.#worker.terminate();
  }
}
