/**
 * `npm run bench:catalog-sync`: the S&S sync of issue 24 as production runs it. The production
 * build (run `npm run build` first) is started with S&S credentials pointing at the S&S fake on
 * loopback, which serves the generated catalogue (about 17 SKUs a style: 1,000,000 SKUs are
 * 58,200 styles); an admin starts the sync from Product Data Sync; while it runs, 20 connections
 * ask /product-search?q=… (8 words in turn) at a fixed rate, each at its own moment. Prints the
 * sync's duration, the server's peak resident memory (VmHWM, summed over its processes), their
 * share of it read every 2 s (PSS: pages they share counted once), the searches' p50/p99 and the
 * load average.
 *
 *   npm run bench:catalog-sync -- 1000000                                   # PGlite (a new data dir)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/ms_bench_sync npm run bench:catalog-sync -- 1000000
 *
 * With DATABASE_URL the database's products are truncated and the database vacuumed first.
 * BENCH_RATE: searches a second per connection (default 1, so 20 a second); BENCH_CONNECTIONS
 * (default 20); BENCH_TOGETHER=1 starts every connection at once (their searches then arrive
 * together each second, as before 2026-12-02).
 */
import { fork } from "node:child_process";
import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { seededRandom } from "../app/capabilities/catalog/generated-feed";
import { openDatabase } from "../app/platform/db/client.server";
import { startFakeSsActivewear } from "../tests/fakes/ss-activewear";
import {
  npmStart,
  processTreeMemory,
  resetPeakMemory,
  startSettledServer,
} from "../tests/support/server";

const skus = Number(process.argv[2] ?? 100_000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ratePerConnection = Number(process.env.BENCH_RATE ?? 1);
const together = process.env.BENCH_TOGETHER === "1";
const databaseUrl = process.env.DATABASE_URL;
const ADMIN_EMAIL = "bench@merch.example.com";
const ADMIN_PASSWORD = "bench admin password";
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");

/**
 * The S&S fake runs in a process of its own: in this one, building each answer of 5,000 SKUs held
 * the load generator's event loop, and its figures were this process's delays as well as the
 * server's.
 */
async function startFakeProcess(styles: number) {
  const child = fork(fileURLToPath(import.meta.url), ["--fake", String(styles)], {
    execArgv: ["--import", "tsx"],
  });
  const next = () =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      child.once("message", (message) => resolve(message as Record<string, unknown>));
      child.once("error", reject);
    });
  const info = (await next()) as Pick<
    Awaited<ReturnType<typeof startFakeSsActivewear>>,
    "url" | "accountNumber" | "apiKey" | "skuCount" | "styleCount"
  >;
  return {
    ...info,
    async requests() {
      const answer = next();
      child.send("requests");
      return (await answer).requests as number;
    },
    async close() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.send("close");
      await exited;
    },
  };
}

/**
 * `connections` visitors, each asking for the next of `paths` `ratePerConnection` times a second,
 * independently: each visitor's first search comes at its own moment within the first interval
 * (the same moments every run). One autocannon with 20 connections starts them together, so 20
 * searches arrived in the same millisecond every second and the last waited for the 19 before
 * it: on an idle server with 1,000,000 products that alone gave p50 114 ms and p99 374 ms, against
 * 19 and 55 ms with the arrivals spread (docs/performance.md).
 */
function independentSearches(url: string, paths: string[], onAnswer: (ms: number) => void) {
  let next = 0;
  // A fixed sequence of moments, so runs compare.
  const random = seededRandom(24);
  const stopping: Array<() => void> = [];
  const visitors = Array.from({ length: connections }, () => {
    let instance: autocannon.Instance | undefined;
    let stopped = false;
    return new Promise<autocannon.Result | undefined>((resolve) => {
      const timer = setTimeout(
        () => {
          if (stopped) return resolve(undefined);
          instance = autocannon(
            {
              url,
              connections: 1,
              connectionRate: ratePerConnection,
              // With a rate, autocannon "corrects" for coordinated omission with an expected
              // interval of ceil(1 / rate) = 1 ms (the rate is per second, the histogram in ms):
              // an answer of 300 ms then counts 300 times. Each answer counts once here.
              ignoreCoordinatedOmission: true,
              duration: 3_600,
              timeout: 10,
              requests: [
                { setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) },
              ],
            },
            (error, result) => {
              if (error) console.error(error);
              resolve(result);
            },
          );
          instance.on("response", (_client, _status, _bytes, ms) => onAnswer(ms));
        },
        together ? 0 : random() * (1_000 / ratePerConnection),
      );
      stopping.push(() => {
        stopped = true;
        clearTimeout(timer);
        instance?.stop();
      });
    });
  });
  return {
    async stop() {
      for (const stop of stopping) stop();
      const results = (await Promise.all(visitors)).filter((r) => r !== undefined);
      const sum = (field: "errors" | "timeouts" | "non2xx") =>
        results.reduce((total, r) => total + r[field], 0);
      return { errors: sum("errors"), timeouts: sum("timeouts"), non2xx: sum("non2xx") };
    },
  };
}

if (process.argv[2] === "--fake") {
  const fake = await startFakeSsActivewear({ styles: Number(process.argv[3]), generated: {} });
  const { url, accountNumber, apiKey, skuCount, styleCount } = fake;
  process.on("message", (message) => {
    if (message === "requests") process.send!({ requests: fake.stats.requests });
    else void fake.close().then(() => process.exit(0));
  });
  process.send!({ url, accountNumber, apiKey, skuCount, styleCount });
  // This process only serves the fake from here on.
  await new Promise(() => {});
}

// Mean SKUs per style of the generated catalogue (over its first 100,000 styles): 17.19.
const fake = await startFakeProcess(Math.round(skus / 17.19));
if (databaseUrl) {
  const handle = await openDatabase({ databaseUrl, dataDir: "memory://" });
  // As empty as PGlite's new data directory: a delete left the last run's rows as dead tuples,
  // which nothing removed here (this machine's PostgreSQL runs without autovacuum).
  await handle.db.execute(sql`truncate products cascade`);
  await handle.db.execute(sql`vacuum analyze`);
  await handle.close();
}
// As `npm start` runs it: the same Node flags and environment (package.json).
// BENCH_NODE_ARGS: more flags for the server (say `--cpu-prof --cpu-prof-dir=/tmp/prof`).
const production = npmStart(process.env.BENCH_NODE_ARGS);
// The sync is measured on a second start, the state a server spends its life in (see
// startSettledServer): the first start's pictures took the server to 830 MB and slowed its
// searches for minutes.
const server = await startSettledServer({
  startupTimeoutMs: 600_000,
  nodeArgs: production.nodeArgs,
  env: {
    ...production.env,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    SS_ACTIVEWEAR_BASE_URL: fake.url,
    SS_ACTIVEWEAR_ACCOUNT_NUMBER: fake.accountNumber,
    SS_ACTIVEWEAR_API_KEY: fake.apiKey,
  },
});
/** The server's memory; with PostgreSQL, its primary's and workers' summed (each peak its own). */
const memory = () => {
  const each = processTreeMemory(server.pid);
  const sum = (field: "rss" | "peak" | "pss") => each.reduce((total, p) => total + p[field], 0);
  const named = each.length > 1 ? ` (${each.map((p) => p.peak).join(" + ")})` : "";
  return { rss: sum("rss"), peak: sum("peak"), pss: sum("pss"), named };
};

try {
  const origin = { origin: server.url };
  // The admin sign-in form, as a person sends it.
  const signIn = await fetch(`${server.url}/admin/auth`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...origin },
    body: new URLSearchParams({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }).toString(),
    redirect: "manual",
  });
  if (!signIn.headers.getSetCookie().length)
    throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const words = ["tee", "hoodie", "polo", "cap", "jacket", "fleece", "tote", "jogger"];
  const paths = words.map((w) => `/product-search?q=${w}`);
  for (const path of paths) await (await fetch(server.url + path)).arrayBuffer();
  const startUpPeak = memory();
  resetPeakMemory(server.pid);
  const before = memory();
  console.log(
    `${new Date().toISOString()} ${databaseUrl ? "PostgreSQL" : "PGlite"}: ${fake.skuCount} SKUs in ${fake.styleCount} styles; ` +
      `server RSS ${before.rss} MB before the sync (peak ${startUpPeak.peak} MB${startUpPeak.named} at start-up); load average ${load()}`,
  );

  const started = performance.now();
  const start = await fetch(`${server.url}/product-data-sync.data`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, ...origin },
    body: "intent=start",
  });
  const answer = await start.text();
  if (!start.ok || !answer.includes("start"))
    throw new Error(`start: ${start.status} ${answer.slice(0, 500)}`);

  // Each answer's time by when it came, to see where in the sync the slow ones fall.
  const answers: [at: number, ms: number][] = [];
  const searches = independentSearches(server.url, paths, (ms) =>
    answers.push([(performance.now() - started) / 1000, ms]),
  );

  // The sync screen's data, as its progress bar polls it: done once no run is queued or running.
  let status = "";
  const loads: number[] = [];
  // The server's resident memory and its share of it (PSS) by when they were read, to see where
  // in the sync they peak.
  const resident: [at: number, rss: number, pss: number][] = [];
  for (;;) {
    await new Promise((r) => setTimeout(r, 2_000));
    loads.push(loadavg()[0]!);
    let data: string;
    try {
      const response = await fetch(`${server.url}/product-data-sync.data`, { headers: { cookie } });
      data = await response.text();
      const now = memory();
      resident.push([(performance.now() - started) / 1000, now.rss, now.pss]);
    } catch (error) {
      // A busy server may drop one poll; a dead one ends the run with its output.
      if (!existsSync(`/proc/${server.pid}`))
        throw new Error(`the server exited:\n${server.output().slice(-3_000)}`, { cause: error });
      console.error(`poll failed (${String(error)}), trying again`);
      continue;
    }
    // An answer without the runs (a busy server's error page) is no news: poll again.
    const last = /"(succeeded|failed)"/.exec(data)?.[1];
    if (last && !/"(running|queued)"/.test(data)) {
      status = last;
      break;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const result = await searches.stop();
  const after = memory();
  const peakPss = Math.max(0, ...resident.map(([, , pss]) => pss));
  console.log(
    `sync ${status} in ${seconds.toFixed(1)} s, ${await fake.requests()} S&S requests; server peak RSS during the sync ${after.peak} MB${after.named} (now ${after.rss} MB); ` +
      `its processes' share (PSS, shared pages once) up to ${peakPss} MB in the 2 s readings`,
  );
  /** The q-quantile of answer times, sorted. */
  const quantile = (sorted: number[], q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const all = answers.map(([, ms]) => ms).sort((a, b) => a - b);
  console.log(
    `${connections} connections at ${ratePerConnection}/s each on /product-search?q=… meanwhile: ${all.length} answers, ` +
      `p50 ${quantile(all, 0.5).toFixed(0)} ms, p97.5 ${quantile(all, 0.975).toFixed(0)} ms, p99 ${quantile(all, 0.99).toFixed(0)} ms, max ${(all.at(-1) ?? 0).toFixed(0)} ms, ` +
      `${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`,
  );
  const window = 30;
  for (let from = 0; from < seconds; from += window) {
    const times = answers
      .filter(([at]) => at >= from && at < from + window)
      .map(([, ms]) => ms)
      .sort((a, b) => a - b);
    const read = resident.filter(([t]) => t >= from && t < from + window);
    const rss = Math.max(0, ...read.map(([, mb]) => mb));
    const pss = Math.max(0, ...read.map(([, , mb]) => mb));
    console.log(
      `  ${String(from).padStart(4)}–${from + window} s: ${times.length} answers, p50 ${quantile(times, 0.5).toFixed(0)} ms, p99 ${quantile(times, 0.99).toFixed(0)} ms, max ${(times.at(-1) ?? 0).toFixed(0)} ms; RSS up to ${rss} MB, PSS ${pss} MB`,
    );
  }
  console.log(
    `load average (1 min) during the sync: ${Math.min(...loads).toFixed(2)} to ${Math.max(...loads).toFixed(2)}; now ${load()}`,
  );
} catch (error) {
  console.error(`server output (last 3,000 characters):\n${server.output().slice(-3_000)}`);
  throw error;
} finally {
  await server.stop();
  await fake.close();
}
