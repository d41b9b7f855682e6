/**
 * `npm run bench:ab -- DIR_A DIR_B`: which of two builds costs less CPU an answer, on a machine
 * whose speed drifts by a third within minutes (a benchmark, not a timed test).
 *
 * Each DIR holds a copy of `build/` from `npm run build` (node_modules, media and package.json are
 * linked in from here). Both servers run side by side, one process each, as `npm start` runs
 * them; the load (the soak's 96 searches, AB_CONNECTIONS connections) goes to one, then the
 * other, in rounds of AB_SECONDS, first A then B, then the other way round. Each burst's CPU (the
 * server process, all threads) over its answers is compared with the other build's burst of the
 * same round, so both see the same machine.
 *
 *   npm run build && mkdir -p /tmp/a && cp -r build /tmp/a/    # before the change
 *   npm run build && mkdir -p /tmp/b && cp -r build /tmp/b/    # after
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/ms_soak npm run bench:ab -- /tmp/a /tmp/b
 *
 * Without DATABASE_URL each server runs on PGlite, in a new data directory. AB_FLAGS_A and
 * AB_FLAGS_B add Node flags to one side (after `npm start`'s, so they win): two sets of flags are
 * compared on one build with the same DIR twice.
 *
 *   AB_FLAGS_B=--max-semi-space-size=32 npm run bench:ab -- /tmp/a /tmp/a
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { npmStart, processTreeCpu } from "../tests/support/server";
import { searchMix } from "./lib/search-mix";

const rounds = Number(process.env.AB_ROUNDS ?? 8);
const seconds = Number(process.env.AB_SECONDS ?? 4);
const connections = Number(process.env.AB_CONNECTIONS ?? 50);
const dirs = process.argv.slice(2).map((dir) => path.resolve(dir));
if (dirs.length !== 2 || dirs.some((dir) => !existsSync(path.join(dir, "build/app/server.js")))) {
  console.error("usage: npm run bench:ab -- DIR_A DIR_B (each holding a copy of build/)");
  process.exit(2);
}
const paths = searchMix();

interface Server {
  dir: string;
  url: string;
  child: ChildProcess;
}

function start(dir: string, port: number, flags = ""): Server {
  for (const name of ["node_modules", "media", "package.json"]) {
    if (!existsSync(path.join(dir, name))) symlinkSync(path.resolve(name), path.join(dir, name));
  }
  const production = npmStart(flags);
  const child = spawn("node", [...production.nodeArgs, "build/app/server.js"], {
    cwd: dir,
    env: {
      ...process.env,
      ...production.env,
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "bench-ab-")),
      WEB_CONCURRENCY: "1",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return { dir, url: `http://127.0.0.1:${port}`, child };
}

/** The server's CPU time so far, in ms, all its threads. */
const cpuMs = (pid: number) => [...processTreeCpu(pid).values()].reduce((sum, ms) => sum + ms, 0);

let next = 0;
const load = (server: Server, duration: number) =>
  autocannon({
    url: server.url,
    connections,
    duration,
    timeout: 10,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  });

const flags = [process.env.AB_FLAGS_A, process.env.AB_FLAGS_B];
const servers = dirs.map((dir, i) =>
  start(dir, 3400 + Math.floor(Math.random() * 500) * 2 + i, flags[i]),
);
try {
  for (const server of servers) {
    for (let tries = 0; ; tries++) {
      try {
        await fetch(`${server.url}/healthz`);
        break;
      } catch (error) {
        if (tries > 300 || server.child.exitCode !== null) throw error;
        await new Promise((r) => setTimeout(r, 300));
      }
    }
    // Each page once, then the same load unmeasured: V8 compiles the busy code first.
    for (const p of paths) await (await fetch(server.url + p)).arrayBuffer();
    await load(server, 6);
  }
  const perAnswer: number[][] = [[], []];
  for (let round = 0; round < rounds; round++) {
    for (const i of round % 2 ? [1, 0] : [0, 1]) {
      const server = servers[i]!;
      const before = cpuMs(server.child.pid!);
      const result = await load(server, seconds);
      perAnswer[i]!.push((cpuMs(server.child.pid!) - before) / result.requests.total);
    }
  }
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const ratios = perAnswer[0]!.map((a, round) => perAnswer[1]![round]! / a);
  for (const [i, label] of ["A", "B"].entries()) {
    console.log(
      `${label} ${dirs[i]}${flags[i] ? ` ${flags[i]}` : ""}: ${perAnswer[i]!.map((ms) => ms.toFixed(2)).join(" ")} ms an answer, median ${median(perAnswer[i]!).toFixed(2)}`,
    );
  }
  console.log(
    `B/A by round: ${ratios.map((r) => r.toFixed(3)).join(" ")}; median ${median(ratios).toFixed(3)}, B lower in ${ratios.filter((r) => r < 1).length} of ${rounds}`,
  );
} finally {
  for (const server of servers) server.child.kill("SIGTERM");
}
