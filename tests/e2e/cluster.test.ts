import { afterAll, beforeAll, expect, it } from "vitest";
import { startServerOnPostgres } from "../support/postgres-server";
import { type RunningServer, startServer } from "../support/server";

// Issue 13: with PostgreSQL the server uses every core through worker processes.
let server: RunningServer;
beforeAll(async () => {
  server = await startServerOnPostgres({ WEB_CONCURRENCY: "2", LOG_LEVEL: "info" });
});
afterAll(() => server?.stop());

it("serves pages from two worker processes and stops cleanly", async () => {
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => fetch(server.url + "/pricing").then((r) => r.status)),
  );
  expect(answers.every((status) => status === 200)).toBe(true);
  expect(server.output()).toMatch(/"workers":2/);
  // Each worker logs that it is listening.
  // Healthy means one worker answers; the second may still be starting.
  await expect
    .poll(() => server.output().match(/is listening on/g)?.length, { timeout: 60_000 })
    .toBe(2);
  expect(await server.stop()).toBe(0);
});

it("stays one process with the embedded database", async () => {
  const single = await startServer({ env: { WEB_CONCURRENCY: "2", LOG_LEVEL: "info" } });
  try {
    expect((await fetch(single.url + "/")).status).toBe(200);
    expect(single.output()).not.toMatch(/"workers"/);
  } finally {
    await single.stop();
  }
});
