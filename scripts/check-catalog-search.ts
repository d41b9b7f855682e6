/**
 * Compares the search's two answers on a loaded catalogue: from the in-memory postings and columns,
 * and from SQL alone (search-sql.server.ts, which ranks with ts_rank in the database). Same page,
 * order, total and facets expected. Run against a benchmark's kept database:
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> node --import tsx scripts/check-catalog-search.ts
 *   BENCH_DATA_DIR=/tmp/bench-pglite node --import tsx scripts/check-catalog-search.ts
 */
import { isDeepStrictEqual } from "node:util";
import { openDatabase } from "../app/platform/db/client.server";
import { parseSearchParams } from "../app/capabilities/catalog/search";
import { createSearchColumns } from "../app/capabilities/catalog/search-columns.server";
import { postingsBytes } from "../app/capabilities/catalog/search-postings";
import { searchProducts } from "../app/capabilities/catalog/search.server";

const handle = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.BENCH_DATA_DIR ?? "memory://",
});
const { db } = handle;
const memory = createSearchColumns(db);
const start = performance.now();
const columns = await memory.load();
console.log(
  `${handle.driver}: ${columns.size} products loaded in ${((performance.now() - start) / 1000).toFixed(1)} s; postings ${(postingsBytes(columns.text) / 1e6).toFixed(1)} MB (${columns.text.lexemes.length} lexemes, ${columns.text.slots.length} postings, ${columns.text.positions.length} positions)`,
);

const queries = [
  "q=hoodie&category=Sweatshirts&maxPrice=30",
  "q=tee&brand=Gildan&color=Black",
  "q=PC54&minPrice=1&size=M",
  "q=PC54",
  "q=hoody&category=Outerwear&rating=4",
  "q=hoody&brand=Gildan",
  "q=heavyweight+cotton&brand=Hanes&maxPrice=20",
  "q=polo&color=Navy&size=XL",
  "q=cap&category=Headwear&maxPrice=10",
  "q=performance&brand=Sport-Tek&minPrice=5",
  "q=gildan+heavy+cotton&brand=Gildan",
  "q=t-shirt&brand=Hanes&color=Red",
  "q=women's+tee&brand=LAT",
  "q=5000",
  "q=gildan+5000",
  "q=GI1234",
  "q=10&brand=Badger",
  "q=the",
  "q=the+cap&brand=Richardson",
  "q=tee&brand=Gildan&color=Black&page=3",
  "q=tee&brand=Gildan&color=Black&sort=price-low-high&page=2",
  "q=jacket&sort=price-high-low&brand=Columbia",
  "q=sweatshrit&brand=Champion&maxPrice=25",
  "q=quokka",
];
let differing = 0;
for (const query of queries) {
  const p = parseSearchParams(new URLSearchParams(query));
  const fromMemory = await searchProducts(db, p, memory);
  const fromSql = await searchProducts(db, p);
  const same = isDeepStrictEqual(fromMemory, fromSql);
  if (!same) differing++;
  console.log(
    `${same ? "same" : "DIFFERENT"}  ${query}: ${fromMemory.total} found${
      same
        ? ""
        : `; SQL ${fromSql.total}; first ${fromMemory.products
            .slice(0, 5)
            .map((x) => x.styleNumber)
            .join(",")} against ${fromSql.products
            .slice(0, 5)
            .map((x) => x.styleNumber)
            .join(",")}`
    }`,
  );
}
console.log(`${differing} of ${queries.length} searches differ`);
await handle.close();
process.exit(differing ? 1 : 0);
