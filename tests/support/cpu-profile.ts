import fs from "node:fs";
import { Session } from "node:inspector/promises";
import path from "node:path";
import { afterAll } from "vitest";

/**
 * `TEST_CPU_PROFILE=DIR npm test`: one CPU profile of the test worker per test file, written to
 * DIR as `<file>-<n>.cpuprofile` (open in Chrome's DevTools). Vitest ends its workers without
 * letting `--cpu-prof` write, so the worker profiles itself. A diagnostic: it slows the run.
 */
const dir = process.env.TEST_CPU_PROFILE!;
const state = globalThis as typeof globalThis & {
  cpuProfile?: { session: Promise<Session>; files: number };
};
state.cpuProfile ??= {
  files: 0,
  session: (async () => {
    const session = new Session();
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.start");
    return session;
  })(),
};

// Vitest insists on a pattern for the hook's context; the file comes as the second argument.
// eslint-disable-next-line no-empty-pattern
afterAll(async ({}, suite) => {
  const profiler = state.cpuProfile!;
  const session = await profiler.session;
  const { profile } = await session.post("Profiler.stop");
  fs.mkdirSync(dir, { recursive: true });
  const name = `${path.basename(suite.file.filepath)}-${++profiler.files}.cpuprofile`;
  fs.writeFileSync(path.join(dir, name), JSON.stringify(profile));
  await session.post("Profiler.start");
});
