import fs from "node:fs/promises";
import type { TestProject } from "vitest/node";
import { startSettledServer, tempDataDir } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    /** A DATA_DIR a production server has started on once (migrated, seeded) and stopped. */
    serverDataTemplate: string;
  }
}

/**
 * Vitest global set-up of the browser tests: one server migrates and seeds a DATA_DIR,
 * which each test file's server starts from as a copy (support/server.ts `seededDataDir`)
 * instead of running the migrations and the seeds itself. Run `npm run build` first.
 */
export default async function setup(project: TestProject) {
  const dataDir = tempDataDir();
  // Settled: left to draw the sample catalogue's pictures first. Otherwise every test file's
  // server drew them itself, 15 s after it started: about 8 s of CPU beside its browser.
  const server = await startSettledServer({ dataDir });
  const code = await server.stop();
  if (code !== 0) throw new Error(`the template server stopped with ${code}:\n${server.output()}`);
  project.provide("serverDataTemplate", dataDir);
  return () => fs.rm(dataDir, { recursive: true, force: true });
}
