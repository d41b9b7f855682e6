/**
 * The database worker (decision 021): owns the embedded PGlite, so its WebAssembly and its
 * parsing of results run on this thread, not on the HTTP server's. Answers the requests of
 * `PgliteInWorker` (pglite-in-worker.server.ts) one message each, in the order they come.
 */
import { parentPort, workerData } from "node:worker_threads";
import {
  type PGlite,
  type QueryOptions,
  type Results,
  parse,
  protocol,
} from "@electric-sql/pglite";
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

/** The statements this database has prepared, by name: their parameters' types. */
const prepared = new Map<string, number[]>();
type BackendMessage = Awaited<ReturnType<PGlite["execProtocolStream"]>>[number];

/**
 * `db.query` as a named prepared statement. PGlite's own `query` parses and plans the statement
 * on every call, in WebAssembly on this thread; prepared once under its name, a call is bind,
 * describe and execute (the same messages otherwise, and the same serializers and parsers).
 */
async function queryPrepared(
  db: PGlite,
  name: string,
  sql: string,
  params: unknown[],
  options: QueryOptions,
): Promise<Results> {
  const { serialize } = protocol;
  const run = (message: Uint8Array) => db.execProtocolStream(message, { syncToFs: false });
  return db.runExclusive(async () => {
    const messages: BackendMessage[] = [];
    try {
      let types = prepared.get(name);
      if (!types) {
        await run(serialize.parse({ name, text: sql }));
        types = parse.parseDescribeStatementResults(
          await run(serialize.describe({ type: "S", name })),
        );
        prepared.set(name, types);
      }
      const values = params.map((value, i) => {
        if (value == null) return null;
        const serializer = db.serializers[types[i]!];
        return serializer ? serializer(value) : String(value);
      });
      messages.push(...(await run(serialize.bind({ statement: name, values }))));
      messages.push(...(await run(serialize.describe({ type: "P" }))));
      messages.push(...(await run(serialize.execute({}))));
    } finally {
      messages.push(...(await run(serialize.sync())));
    }
    await db.syncToFs();
    return parse.parseResults(messages, db.parsers, options)[0] as Results;
  });
}

async function answer(
  db: PGlite,
  request: Request,
): Promise<{ value: unknown; transfer?: ArrayBuffer[] }> {
  switch (request.op) {
    case "query": {
      const options = { rowMode: request.rowMode, parsers: asText(request.textTypes) };
      const results: Results = request.name
        ? await queryPrepared(db, request.name, request.sql, request.params ?? [], options)
        : await db.query(request.sql, request.params, options);
      return { value: plainResults(results) };
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
