import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import tarFs from "tar-fs";
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
  const bare = await startPglite("memory://");
  const bareDump = await bare.dumpDataDir("none");
  await bare.close();
  await fs.writeFile(templates.bare, Buffer.from(await bareDump.arrayBuffer()));
  // The templates are taken from a database that was shut down, not from a running one as
  // `dumpDataDir` would: a copy of a running one starts with crash recovery, which cost each of
  // the suite's 90 database starts about a fifth more CPU.
  const dataDir = path.join(folder, "database");
  let handle = await openDatabase({ dataDir, loadDataDir: bareDump });
  await handle.close();
  await pack(dataDir, templates.plain);
  handle = await openDatabase({ dataDir });
  await applySeeds(handle.db);
  await handle.close();
  await pack(dataDir, templates.seeded);
  project.provide("databaseTemplates", templates);
  return () => fs.rm(folder, { recursive: true, force: true });
}

/** `dataDir` as a tarball in the shape of PGlite's own dumps (paths from the data directory's root). */
async function pack(dataDir: string, file: string) {
  const tarball = tarFs.pack(dataDir, {
    map: (header) => ({ ...header, name: `/${header.name}` }),
  });
  await pipeline(tarball, createWriteStream(file));
}
