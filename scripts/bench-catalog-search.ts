/**
 * Search benchmark: N generated products, then text + two filters + facet counts, timed.
 *   node --import tsx scripts/bench-catalog-search.ts [count=100000] [queries=200]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench node --import tsx scripts/bench-catalog-search.ts
 * PGlite runs in memory, or in BENCH_DATA_DIR (with BENCH_KEEP=1, a catalogue loaded there by an
 * earlier run is reused); PostgreSQL uses the database in DATABASE_URL (its products are replaced).
 */
import { loadavg } from "node:os";
import { openDatabase } from "../app/platform/db/client.server";
import { products } from "../app/platform/db/schema/index";
import { parseSearchParams } from "../app/capabilities/catalog/search";
import { createSearchColumns } from "../app/capabilities/catalog/search-columns.server";
import { searchProducts } from "../app/capabilities/catalog/search.server";
import { loadGeneratedCatalogue } from "./lib/generated-catalogue";

const count = Number(process.argv[2] ?? 100_000);
const queries = Number(process.argv[3] ?? 200);

const handle = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.BENCH_DATA_DIR ?? "memory://",
});
const { db } = handle;
// BENCH_KEEP=1 reuses a catalogue already loaded with the same count.
const existing = process.env.BENCH_KEEP ? await db.$count(products) : 0;
const loadStart = performance.now();
if (existing !== count) await loadGeneratedCatalogue(db, count);
console.log(
  `${handle.driver}: loaded ${count} products in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`,
);

const cases = [
  "q=hoodie&category=Sweatshirts&maxPrice=30",
  "q=tee&brand=Gildan&color=Black",
  "q=PC54&minPrice=1&size=M",
  "q=hoody&category=Outerwear&rating=4",
  "q=heavyweight+cotton&brand=Hanes&maxPrice=20",
  "q=polo&color=Navy&size=XL",
  "q=cap&category=Headwear&maxPrice=10",
  "q=performance&brand=Sport-Tek&minPrice=5",
];
// As a server does once the catalogue has been quiet for 2 s (until then it answers in SQL).
const columnsStart = performance.now();
const memory = createSearchColumns(db);
await memory.load();
console.log(
  `${handle.driver}: search columns loaded in ${((performance.now() - columnsStart) / 1000).toFixed(1)} s`,
);
const timings: number[] = [];
// CPU time per search is a figure the other load on the machine hardly changes (the wall time is
// stretched by every process sharing the cores). PGlite runs in this process (its worker thread).
const cpuTimings: number[] = [];
for (let i = 0; i < Math.min(20, queries); i++) {
  await searchProducts(db, parseSearchParams(new URLSearchParams(cases[i % cases.length])), memory);
}
for (let i = 0; i < queries; i++) {
  const params = parseSearchParams(new URLSearchParams(cases[i % cases.length]));
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  await searchProducts(db, params, memory);
  timings.push(performance.now() - start);
  const cpu = process.cpuUsage(cpuStart);
  cpuTimings.push((cpu.user + cpu.system) / 1000);
}
timings.sort((a, b) => a - b);
cpuTimings.sort((a, b) => a - b);
const pct = (p: number, list = timings) =>
  list[Math.min(list.length - 1, Math.floor((p / 100) * list.length))]!;
console.log(
  `${handle.driver}: ${queries} searches (text + two filters + category and brand facets): p50 ${pct(50).toFixed(1)} ms, p95 ${pct(95).toFixed(1)} ms, max ${pct(100).toFixed(1)} ms; load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")}`,
);
// On PostgreSQL this is the benchmark process's share only (the server's work is not counted).
console.log(
  `${handle.driver}: CPU time per search${handle.driver === "pglite" ? "" : " (this process)"} p50 ${pct(50, cpuTimings).toFixed(1)} ms, p95 ${pct(95, cpuTimings).toFixed(1)} ms`,
);
await handle.close();
