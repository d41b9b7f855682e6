import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";

export interface RunningServer {
  url: string;
  dataDir: string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
  /** The server's process id (to read its memory, or to kill it without warning). */
  pid: number;
  /** Sends a signal (e.g. SIGKILL, a crash) and resolves once the process is gone. */
  kill(signal: NodeJS.Signals): Promise<number | null>;
  output(): string;
}

const root = path.resolve(import.meta.dirname, "../..");

export function tempDataDir() {
  return mkdtempSync(path.join(tmpdir(), "ms-e2e-"));
}

/**
 * A new DATA_DIR copied from the one the global set-up's server migrated and seeded
 * (support/server-data-template.ts), so a start skips the migrations and the seeds; an empty
 * one outside the browser tests' configuration.
 */
export function seededDataDir() {
  const dataDir = tempDataDir();
  // `inject` exists only inside Vitest; the benchmarks (soak, bench:memory …) start empty.
  const template = process.env.VITEST ? inject("serverDataTemplate") : undefined;
  if (template) cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

// A server whose test file ended without stopping it (a start-up slower than the hook's timeout,
// a failed beforeAll) would outlive the test process and load the machine for every later file.
const running = new Map<ChildProcess, () => string>();
// Vitest ends a test file's process with SIGTERM: its servers go first, then the process as before.
const killRunning = () => running.forEach((_output, child) => child.kill("SIGKILL"));
process.once("exit", killRunning);
process.once("SIGTERM", () => {
  killRunning();
  process.kill(process.pid, "SIGTERM");
});

/**
 * A test's server lives a minute and answers a few dozen requests: V8 leaves the embedded
 * database's code to its baseline compiler until a function has run a hundred times longer
 * than it would in production. Optimising what PostgreSQL's start-up runs took each start
 * 1.2–1.5 s of CPU on V8's helper threads, beside the other file's browser.
 * The benchmarks pass `npm start`'s own flags instead (`npmStart`).
 */
const TEST_NODE_ARGS = ["--wasm-tiering-budget=180000000"];

function spawnServer(env: Record<string, string>, nodeArgs = TEST_NODE_ARGS) {
  const child = spawn(process.execPath, [...nodeArgs, "build/app/server.js"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  running.set(child, () => output);
  child.once("exit", () => running.delete(child));
  return { child, output: () => output };
}

/** What this process's running servers have written (warnings and errors in the tests). */
export function runningServerOutput() {
  return [...running.values()].map((output) => output());
}

/** Starts the built production server (run `npm run build` first) and waits until it is healthy. */
export async function startServer(
  options: {
    dataDir?: string;
    env?: Record<string, string>;
    /** Node's own flags before the entry (`npm start`'s, for the memory benchmark). */
    nodeArgs?: string[];
    startupTimeoutMs?: number;
  } = {},
) {
  const dataDir = options.dataDir ?? seededDataDir();
  // The port is free when probed, not reserved: a process of a test file running beside this one
  // can take it before the server listens. The server then refuses to start in one line
  // ("PORT: cannot listen … (EADDRINUSE)"), and a second port is tried.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePort(dataDir, options);
    } catch (error) {
      if (attempt === 3 || !(error instanceof PortTaken)) throw error;
    }
  }
}

class PortTaken extends Error {}

async function startOnFreePort(
  dataDir: string,
  options: { env?: Record<string, string>; nodeArgs?: string[]; startupTimeoutMs?: number },
): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { child, output } = spawnServer(
    {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      ...options.env,
    },
    options.nodeArgs,
  );
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );

  // Generous: a shared, loaded test machine has taken over a minute to start the server.
  const deadline = Date.now() + (options.startupTimeoutMs ?? 150_000);
  for (;;) {
    if (child.exitCode !== null) {
      const message = `server exited early:\n${output()}`;
      throw output().includes("EADDRINUSE") ? new PortTaken(message) : new Error(message);
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not become healthy:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    dataDir,
    output,
    pid: child.pid!,
    async kill(signal: NodeJS.Signals) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  } satisfies RunningServer;
}

/**
 * The server as it spends its life, for the benchmarks: the first start on a new data directory
 * seeds the site, and a job then draws the sample catalogue's 300 pictures, minutes of image work
 * beside whatever load is being measured. That start is left to finish them, stopped, and
 * the server started again on the same data. `pictures: false` when the catalogue has none to
 * draw (a generated one).
 */
export async function startSettledServer(
  options: Parameters<typeof startServer>[0] & { pictures?: boolean } = {},
) {
  const { pictures = true, ...start } = options;
  const first = await startServer(start);
  for (let tries = 0; pictures && tries < 300; tries++) {
    const pages = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(async (page) =>
        (await fetch(`${first.url}/product-search?rating=1&page=${page}`)).text(),
      ),
    );
    if (!pages.some((page) => page.includes("No image"))) break;
    await new Promise((r) => setTimeout(r, 1_000));
  }
  await first.stop();
  return startServer({ ...start, dataDir: first.dataDir });
}

/** Runs the server expecting it to refuse to start; resolves with its exit code and output. */
export async function runFailingStart(env: Record<string, string>) {
  const { child, output } = spawnServer({
    HOST: "127.0.0.1",
    PORT: String(await freePort()),
    ...env,
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  clearTimeout(timer);
  return { code, output: output().trim() };
}

/**
 * The environment and Node flags of `npm start` (package.json), so the figure is production's:
 * `… && NODE_ENV=production MALLOC_ARENA_MAX=2 node --flag … build/app/server.js`. A benchmark's
 * `extraFlags` (space-separated, from its own variable) come after them, so the last of a flag wins.
 */
export function npmStart(extraFlags = "") {
  const script: string = JSON.parse(readFileSync("package.json", "utf8")).scripts.start;
  const words = script.split("&&").at(-1)!.trim().split(/\s+/);
  const node = words.indexOf("node");
  const env = Object.fromEntries(words.slice(0, node).map((word) => word.split("=", 2)));
  const nodeArgs = [
    ...words.slice(node + 1, words.indexOf("build/app/server.js")),
    ...extraFlags.split(" ").filter(Boolean),
  ];
  return { env, nodeArgs };
}

/** A server and, with PostgreSQL, its workers (server/cluster.ts): the server first. */
function processTree(pid: number) {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
  return [pid, ...children];
}

/**
 * CPU time in ms used so far by each thread of a server and its workers (proc(5), utime + stime,
 * in clock ticks of 10 ms), by "pid/tid"; a process's main thread has tid = pid.
 */
export function processTreeCpu(pid: number) {
  const used = new Map<string, number>();
  for (const id of processTree(pid)) {
    for (const tid of readdirSync(`/proc/${id}/task`)) {
      const stat = readFileSync(`/proc/${id}/task/${tid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      used.set(`${id}/${tid}`, (Number(fields[11]) + Number(fields[12])) * 10);
    }
  }
  return used;
}

/**
 * Resident memory (VmRSS) and its peak (VmHWM) in MB of a server and, with PostgreSQL, its workers
 * (server/cluster.ts): one entry per process, the server first. `pss` is the process's share of
 * it (smaps_rollup's Pss): a page several processes map, such as Node's own code (about 40 MB in
 * each), counts once over all of them, so the sum of `pss` is what the processes take from the
 * machine, where the sum of `rss` counts those pages once per process.
 */
export function processTreeMemory(pid: number) {
  const mb = (text: string, field: string) =>
    Math.round(Number(text.match(new RegExp(`${field}:\\s+(\\d+) kB`))?.[1] ?? 0) / 1024);
  return processTree(pid).map((id) => {
    const status = readFileSync(`/proc/${id}/status`, "utf8");
    const rollup = readFileSync(`/proc/${id}/smaps_rollup`, "utf8");
    return { pid: id, rss: mb(status, "VmRSS"), peak: mb(status, "VmHWM"), pss: mb(rollup, "Pss") };
  });
}

/** Starts the peak (VmHWM) of a server and its workers afresh (proc(5), clear_refs). */
export function resetPeakMemory(pid: number) {
  for (const id of processTree(pid)) writeFileSync(`/proc/${id}/clear_refs`, "5");
}
