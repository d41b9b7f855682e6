/**
 * The database worker (decision 021): owns the embedded PGlite, so its WebAssembly and its
 * parsing of results run on this thread, not on the HTTP server's. Answers the requests of
 * `PgliteInWorker` (pglite-in-worker.server.ts) one message each, in the order they come.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { PGlite, Results } from "@electric-sql/pglite";
import { startPglite } from "./pglite.server";
import type { Reply, Request, WorkerStart } from "./pglite-in-worker.server";

const port = parentPort!;
const start = workerData as WorkerStart;

/** PGlite leaves these column types as text; the caller applies its own parsers to them. */
function asText(types: number[] | undefined) {
  return types?.length
    ? Object.fromEntries(types.map((type) => [type, (value: string) => value]))
    : {};
}

/** What survives the trip to the other thread: a database error's fields (code, detail, …). */
function plainError(error: unknown) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = { message: error.message };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ["string", "number", "boolean"].includes(typeof value))
      fields[key] = value;
  }
  return fields;
}

/** A result without its blob (COPY … TO, which the app does not use): rows, fields, command. */
function plainResults({ blob: _blob, ...results }: Results): Results {
  return results;
}

async function answer(
  db: PGlite,
  request: Request,
): Promise<{ value: unknown; transfer?: ArrayBuffer[] }> {
  switch (request.op) {
    case "query": {
      const options = { rowMode: request.rowMode, parsers: asText(request.textTypes) };
      return { value: plainResults(await db.query(request.sql, request.params, options)) };
    }
    case "exec": {
      const options = { rowMode: request.rowMode, parsers: asText(request.textTypes) };
      return { value: (await db.exec(request.sql, options)).map(plainResults) };
    }
    case "dumpDataDir": {
      const dump = await (await db.dumpDataDir(request.compression)).arrayBuffer();
      return { value: dump, transfer: [dump] };
    }
    case "close":
      await db.close();
      return { value: null };
  }
}

let db: PGlite;
try {
  db = await startPglite(
    start.dataDir,
    start.loadDataDir ? new Blob([start.loadDataDir]) : undefined,
  );
  port.postMessage({ ready: true } satisfies Reply);
} catch (error) {
  port.postMessage({ failed: plainError(error) } satisfies Reply);
  process.exit(1);
}

port.on("message", (request: Request) => {
  answer(db, request).then(
    ({ value, transfer }) => {
      port.postMessage({ id: request.id, value } satisfies Reply, transfer);
      if (request.op === "close") port.close();
    },
    (error: unknown) =>
      port.postMessage({ id: request.id, error: plainError(error) } satisfies Reply),
  );
});
