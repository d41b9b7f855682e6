#!/usr/bin/env node
// `npm run bench`: the figures of issue 13, measured on a production build (not a timed test).
//
//   requests per second and p99 latency for / and /pricing (autocannon, 50 connections, 10 s,
//   no compression), the same bytes from memory in the same process (BENCH_STATIC=1), the ratio;
//   gzipped JavaScript per public page; Lighthouse mobile performance (median of 3) for /,
//   /webstores and /pricing when Chromium is present.
//
//   BENCH_SKIP_BUILD=1   use the existing build
//   BENCH_DURATION=10    seconds per load run
//   BENCH_LIGHTHOUSE_RUNS=3 (0 skips Lighthouse)
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";

const root = path.resolve(import.meta.dirname, "..");
const duration = Number(process.env.BENCH_DURATION ?? 10);
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const chrome = process.env.CHROME_PATH || "/usr/bin/chromium";
const goals = { ratio: 0.5, p99: 50, lighthouse: 98, jsKb: 120 };

if (process.env.BENCH_SKIP_BUILD !== "1") {
  console.log("building…");
  execFileSync("npm", ["run", "build"], { cwd: root, stdio: "ignore" });
}

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, "127.0.0.1", () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "ms-bench-"));
const server = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    BENCH_STATIC: "1",
    DATABASE_URL: "",
  },
  stdio: ["ignore", "inherit", "inherit"],
});
const stop = () => {
  if (server.exitCode === null) server.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
};
process.on("exit", stop);

for (let waited = 0; ; waited += 250) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {
    // not listening yet
  }
  if (waited > 120_000) throw new Error("the server did not start");
  await new Promise((r) => setTimeout(r, 250));
}

async function load(url) {
  // Warm up (the first render fills the page cache), then measure.
  await autocannon({ url, connections: 10, duration: 2 });
  const result = await autocannon({ url, connections: 50, duration });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const fmt = (n, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits });
console.log(
  `\n${new Date().toISOString()} · ${cpus().length} × ${cpus()[0]?.model.trim()} · load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(", ")}\n`,
);
console.log("page        rendered rps   p99 ms   from memory rps   p99 ms   ratio");
const serverRows = [];
for (const page of ["/", "/pricing"]) {
  const rendered = await load(base + page);
  const memory = await load(`${base}/__bench/static${page}`);
  const ratio = rendered.rps / memory.rps;
  serverRows.push({ page, rendered, memory, ratio });
  console.log(
    `${page.padEnd(10)}  ${fmt(rendered.rps).padStart(12)}  ${fmt(rendered.p99).padStart(7)}  ${fmt(memory.rps).padStart(16)}  ${fmt(memory.p99).padStart(7)}  ${ratio.toFixed(2).padStart(6)}` +
      (rendered.errors ? `  (${rendered.errors} errors)` : ""),
  );
}

console.log("\ngzipped JavaScript on a cold load");
const pages = [
  ...readFileSync(path.join(root, "app/capabilities/seo/pages.ts"), "utf8").matchAll(
    /path: "(\/[^"]*)"/g,
  ),
].map((m) => m[1]);
const jsRows = [];
for (const page of pages) {
  let output;
  try {
    output = execFileSync(process.execPath, ["scripts/js-budget.mjs", base + page], {
      cwd: root,
      env: { ...process.env, JS_BUDGET_KB: "100000" },
    }).toString();
  } catch (error) {
    output = String(error.stdout ?? "");
  }
  const kb = Number(/([\d.]+) KB of gzipped JavaScript/.exec(output)?.[1]);
  jsRows.push({ page, kb });
  console.log(`${page.padEnd(20)} ${kb.toFixed(1).padStart(7)} KB`);
}

// Chromium now and then fails to record a trace (NO_NAVSTART): such a run is repeated, twice at most.
function lighthouse(url, attempt = 1) {
  try {
    return JSON.parse(
      execFileSync(
        path.join(root, "node_modules/.bin/lighthouse"),
        [
          url,
          "--only-categories=performance",
          "--output=json",
          "--output-path=stdout",
          "--quiet",
          "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
        ],
        {
          cwd: root,
          env: { ...process.env, CHROME_PATH: chrome },
          maxBuffer: 64 << 20,
          stdio: "pipe",
        },
      ).toString(),
    );
  } catch (error) {
    if (attempt >= 3) throw error;
    return lighthouse(url, attempt + 1);
  }
}

const lighthouseRows = [];
if (lighthouseRuns > 0 && existsSync(chrome)) {
  console.log(`\nLighthouse mobile performance (median of ${lighthouseRuns})`);
  for (const page of ["/", "/webstores", "/pricing"]) {
    const runs = [];
    for (let i = 0; i < lighthouseRuns; i++) {
      const report = lighthouse(base + page);
      runs.push({
        score: Math.round(report.categories.performance.score * 100),
        fcp: report.audits["first-contentful-paint"].numericValue,
        lcp: report.audits["largest-contentful-paint"].numericValue,
        tbt: report.audits["total-blocking-time"].numericValue,
      });
    }
    const sorted = [...runs].sort((a, b) => a.score - b.score);
    const median = sorted[Math.floor(sorted.length / 2)];
    lighthouseRows.push({ page, median });
    console.log(
      `${page.padEnd(12)} ${runs.map((r) => r.score).join(", ")} → median ${median.score} (FCP ${fmt(median.fcp)} ms, LCP ${fmt(median.lcp)} ms, TBT ${fmt(median.tbt)} ms)`,
    );
  }
} else {
  console.log("\nLighthouse skipped (no Chromium, or BENCH_LIGHTHOUSE_RUNS=0)");
}

const checks = [
  ...serverRows.map((r) => [`${r.page} ratio ≥ ${goals.ratio}`, r.ratio >= goals.ratio]),
  ...serverRows.map((r) => [`${r.page} p99 < ${goals.p99} ms`, r.rendered.p99 < goals.p99]),
  [`JS ≤ ${goals.jsKb} KB on every page`, jsRows.every((r) => r.kb <= goals.jsKb)],
  ...lighthouseRows.map((r) => [
    `${r.page} Lighthouse ≥ ${goals.lighthouse}`,
    r.median.score >= goals.lighthouse,
  ]),
];
console.log("\ngoals");
for (const [name, met] of checks) console.log(`${met ? "met    " : "NOT MET"}  ${name}`);
stop();
process.exit(0);
