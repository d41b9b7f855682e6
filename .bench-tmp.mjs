import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import fs from "node:fs";
const mode = process.argv[2];
let t = performance.now();
if (mode === "fresh") {
  const a = new PGlite({ dataDir: "memory://", extensions: { pg_trgm } });
  await a.waitReady;
  console.log("start", performance.now() - t); t = performance.now();
  await migrate(drizzle({ client: a }), { migrationsFolder: "app/platform/db/migrations" });
  console.log("migrate", performance.now() - t); t = performance.now();
  fs.writeFileSync("/tmp/ts/dump.tar", Buffer.from(await (await a.dumpDataDir("none")).arrayBuffer()));
  await a.close();
} else {
  const buf = fs.readFileSync("/tmp/ts/dump.tar");
  const b = new PGlite({ loadDataDir: new Blob([buf]), extensions: { pg_trgm } });
  await b.waitReady;
  console.log("load", performance.now() - t); t = performance.now();
  await b.close();
}
