/**
 * `npm run bench:memory`: the server's resident memory (issue 24), measured on the production
 * build: idle after start, after 1,000 requests (pages, searches, product pages), on PGlite or
 * on PostgreSQL (DATABASE_URL), with the sample catalogue or with N generated products.
 *
 *   npm run build && npm run bench:memory                       # PGlite, sample catalogue
 *   npm run bench:memory -- 100000                              # PGlite, 100,000 products
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/ms_bench_memory npm run bench:memory
 *
 * With DATABASE_URL the database's catalogue is replaced. BENCH_DATA_DIR keeps the PGlite data
 * directory (and reuses a catalogue loaded there by an earlier run with the same count).
 * BENCH_NODE_ARGS adds flags to npm start's (`BENCH_NODE_ARGS=--initial-old-space-size=128`).
 */
import { mkdirSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { openDatabase } from "../app/platform/db/client.server";
import { products } from "../app/platform/db/schema/index";
import {
  npmStart,
  processTreeMemory,
  startSettledServer,
  tempDataDir,
} from "../tests/support/server";
import { loadGeneratedCatalogue } from "./lib/generated-catalogue";

const count = Number(process.argv[2] ?? 0);
const databaseUrl = process.env.DATABASE_URL;
const dataDir = process.env.BENCH_DATA_DIR ?? tempDataDir();

if (count > 0) {
  mkdirSync(dataDir, { recursive: true });
  const handle = await openDatabase({ databaseUrl, dataDir: path.join(dataDir, "pglite") });
  if ((await handle.db.$count(products)) !== count) {
    const started = performance.now();
    await loadGeneratedCatalogue(handle.db, count);
    console.log(
      `loaded ${count} products in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  }
  await handle.close();
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * The server's resident memory: with PostgreSQL it is a primary and its workers (server/cluster.ts),
 * so the whole tree counts, and each process is named.
 */
const rssMb = (pid: number) => {
  const each = processTreeMemory(pid).map((p) => p.rss);
  const total = each.reduce((sum, mb) => sum + mb, 0);
  return each.length > 1 ? `${total} (${each.join(" + ")})` : String(total);
};

// As `npm start` runs it, on the start after the first (startSettledServer).
const production = npmStart(process.env.BENCH_NODE_ARGS);
const server = await startSettledServer({
  dataDir,
  nodeArgs: production.nodeArgs,
  // At info, the server says when the search's in-memory columns are loaded (below).
  env: { ...production.env, LOG_LEVEL: "info" },
  startupTimeoutMs: 600_000,
  // A generated catalogue has no pictures to draw.
  pictures: count === 0,
});
// With PostgreSQL, the server renders catalogue pages on threads that start with the first of them
// and stop after CATALOGUE_THREAD_IDLE_SECONDS (60 by default): each reading says how many run.
const occurrences = (text: string) => server.output().split(text).length - 1;
const columnsLoaded = () => occurrences("catalogue search columns loaded") > 0;
const threads = () => {
  const running = occurrences("catalogue thread started") - occurrences("catalogue thread stopped");
  return databaseUrl ? ` (catalogue threads running: ${running})` : "";
};
/** Start-up work settles first: the search's in-memory columns (at 100,000 products they take
 * longer than a fixed pause, and RSS rises while they are built). */
async function columns() {
  for (let waited = 0; !columnsLoaded(); waited++) {
    if (waited === 600) throw new Error("the search columns did not load in 10 minutes");
    await pause(1_000);
  }
}
try {
  // Without the thread, a server loads the search's columns as it starts.
  if (!databaseUrl || process.env.CATALOGUE_THREAD === "false") await columns();
  await pause(20_000);
  const idle = `${rssMb(server.pid)} MB${threads()}`;
  const firstProduct = await (await fetch(`${server.url}/product-search?q=tee`)).text();
  const productPath = firstProduct.match(/href="(\/products\/[^"/]+)"/)?.[1] ?? "/product-search";
  await columns();
  await pause(20_000);
  const searched = `${rssMb(server.pid)} MB${threads()}`;
  // V8's memory reducer gives back the young generation once the process has been quiet for
  // about 25 s (it grows to 16 MB a semi-space under load): the state an idle server is in.
  await pause(70_000);
  const quiet = `${rssMb(server.pid)} MB${threads()}`;

  const words = ["tee", "hoodie", "polo", "cap", "jacket", "fleece", "tote", "jogger"];
  const pages = ["/", "/pricing", "/webstores", "/bulk-orders", "/about", productPath];
  for (let i = 0; i < 1_000; i++) {
    const page =
      i % 2
        ? pages[i % pages.length]!
        : `/product-search?q=${words[i % words.length]}&page=${(i % 3) + 1}`;
    await (await fetch(server.url + page)).arrayBuffer();
  }
  await pause(5_000);
  const busy = `${rssMb(server.pid)} MB${threads()}`;
  await pause(85_000);
  const quietAgain = `${rssMb(server.pid)} MB${threads()}`;

  console.log(
    `${new Date().toISOString()} · load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(
        ", ",
      )} · ${databaseUrl ? "PostgreSQL" : "PGlite"} · ${count ? `${count} products` : "sample catalogue"}`,
  );
  console.log(`node ${production.nodeArgs.join(" ")} build/app/server.js`);
  console.log(`RSS idle after start, no request yet   ${idle}`);
  console.log(`RSS 20 s after a first search          ${searched}`);
  console.log(`RSS 90 s after it (idle)               ${quiet}`);
  console.log(`RSS after 1,000 requests               ${busy}`);
  console.log(`RSS 90 s after them (idle)             ${quietAgain}`);
} finally {
  await server.stop();
}
