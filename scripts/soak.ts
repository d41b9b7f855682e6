/**
 * `npm run soak`: issue 14's load figure, measured (not a timed test). Starts the production build
 * on a temporary DATA_DIR, holds 200 connections on / for 60 s, and meanwhile asks /healthz every
 * 250 ms over its own connection. Prints errors, timeouts, non-2xx answers, throughput and
 * latency, and the slowest /healthz answer.
 *
 *   npm run build && npm run soak
 *   SOAK_SECONDS=60 SOAK_CONNECTIONS=200 SOAK_PATH=/ npm run soak
 */
import { cpus, loadavg } from "node:os";
import autocannon from "autocannon";
import { startServer } from "../tests/support/server";

const seconds = Number(process.env.SOAK_SECONDS ?? 60);
const connections = Number(process.env.SOAK_CONNECTIONS ?? 200);
const pathname = process.env.SOAK_PATH ?? "/";
const healthLimitMs = 1_000;

const server = await startServer();
try {
  // The first render fills the page cache, as it would after a deploy.
  await fetch(server.url + pathname);

  const health: number[] = [];
  let healthFailures = 0;
  let soaking = true;
  const healthLoop = (async () => {
    while (soaking) {
      const started = performance.now();
      try {
        const response = await fetch(`${server.url}/healthz`, {
          signal: AbortSignal.timeout(5_000),
        });
        if (!response.ok) healthFailures++;
        await response.arrayBuffer();
      } catch {
        healthFailures++;
      }
      health.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 250));
    }
  })();

  const result = await autocannon({
    url: server.url + pathname,
    connections,
    duration: seconds,
    timeout: 10,
  });
  soaking = false;
  await healthLoop;

  health.sort((a, b) => a - b);
  const at = (q: number) => health[Math.min(health.length - 1, Math.floor(q * health.length))]!;
  const ms = (n: number) => `${Math.round(n)} ms`;
  console.log(
    `${new Date().toISOString()} · ${cpus().length} × ${cpus()[0]?.model.trim()} · load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(", ")}`,
  );
  console.log(`${connections} connections on ${pathname} for ${seconds} s`);
  console.log(`requests       ${result.requests.total} (${Math.round(result.requests.average)}/s)`);
  console.log(`latency        p50 ${ms(result.latency.p50)}, p99 ${ms(result.latency.p99)}`);
  console.log(`errors         ${result.errors}`);
  console.log(`timeouts       ${result.timeouts}`);
  console.log(`non-2xx        ${result.non2xx}`);
  console.log(
    `/healthz       ${health.length} answers, ${healthFailures} failed, median ${ms(at(0.5))}, slowest ${ms(health.at(-1) ?? 0)}`,
  );
  const met =
    result.errors === 0 &&
    result.timeouts === 0 &&
    result.non2xx === 0 &&
    healthFailures === 0 &&
    (health.at(-1) ?? Infinity) < healthLimitMs;
  console.log(met ? "goal met" : "goal NOT MET");
  process.exitCode = met ? 0 : 1;
} finally {
  await server.stop();
}
