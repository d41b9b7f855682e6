import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/platform/db/client.server";
import { startPglite } from "~/platform/db/pglite.server";
import { applySeeds } from "../../server/seed/run";
import { withAdminClient } from "./database";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the migrated templates are: PGlite data-dir dumps, or PostgreSQL database names. */
    databaseTemplates: { plain: string; seeded: string; bare?: string } | null;
  }
}

/**
 * Vitest global set-up: migrates (and seeds) one database of each kind once per run, so each
 * test file copies a template instead of running initdb, the migrations and the seeds itself
 * (support/database.ts). Returns the teardown.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const suffix = `${Date.now()}_${randomBytes(4).toString("hex")}`;
    const templates = { plain: `ms_template_${suffix}`, seeded: `ms_template_seeded_${suffix}` };
    for (const [kind, name] of Object.entries(templates)) {
      await withAdminClient(serverUrl, (client) => client.query(`create database "${name}"`));
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: "" });
      if (kind === "seeded") await applySeeds(handle.db);
      await handle.close();
    }
    project.provide("databaseTemplates", templates);
    return async () => {
      for (const name of Object.values(templates)) {
        await withAdminClient(serverUrl, (client) =>
          client.query(`drop database if exists "${name}" with (force)`),
        );
      }
    };
  }

  const folder = await fs.mkdtemp(path.join(os.tmpdir(), "ms-db-template-"));
  const templates = {
    plain: path.join(folder, "plain.tar"),
    seeded: path.join(folder, "seeded.tar"),
    // PGlite only: initdb's database before any migration (tests of a migration start there).
    bare: path.join(folder, "bare.tar"),
  };
  const write = async (file: string, dump: Blob) =>
    fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  const bare = await startPglite("memory://");
  const bareDump = await bare.dumpDataDir("none");
  await bare.close();
  await write(templates.bare, bareDump);
  const handle = await openDatabase({ dataDir: "memory://", loadDataDir: bareDump });
  const dump = async (file: string) => write(file, await handle.dumpDataDir!());
  await dump(templates.plain);
  await applySeeds(handle.db);
  await dump(templates.seeded);
  await handle.close();
  project.provide("databaseTemplates", templates);
  return () => fs.rm(folder, { recursive: true, force: true });
}
