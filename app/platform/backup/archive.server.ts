import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable, Transform, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import tar from "tar-stream";
import type { PGlite } from "@electric-sql/pglite";
import { type Database, openDatabase } from "~/platform/db/client.server";
import { type FileStorage, contentTypeFor } from "~/platform/storage/storage.server";
import {
  type SequenceValue,
  exportTable,
  listTables,
  prepareRestore,
  readSequences,
  schemaVersion,
} from "./database.server";

export const BACKUP_FORMAT = "merch-simplified-backup";
const FORMAT_VERSION = 1;
const MANIFEST = "manifest.json";
/** Rows are stored in pieces of about this size: bounded memory when writing and restoring. */
const CHUNK_BYTES = 4 * 1024 * 1024;
/** Where backups kept in the file storage's bucket live; they are never part of a backup. */
export const BACKUP_KEY_PREFIX = "backups/";

export interface ManifestEntry {
  name: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  driver: "pglite" | "postgres";
  /** The migrations the database had; a backup restores into the same schema only. */
  schema: string;
  tables: Record<string, number>;
  sequences: SequenceValue[];
  files: number;
  entries: ManifestEntry[];
}

/** A backup that cannot be used, or a target it must not be restored into; the message says why. */
export class BackupError extends Error {}

/** The stored files a backup holds: every key but the backups kept in the same bucket. */
export async function storedFileKeys(storage: FileStorage) {
  return (await storage.list("")).filter((key) => !key.startsWith(BACKUP_KEY_PREFIX));
}

function hashing(entry: ManifestEntry) {
  const hash = createHash("sha256");
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      entry.size += chunk.length;
      done(null, chunk);
    },
    flush(done) {
      entry.sha256 = hash.digest("hex");
      done();
    },
  });
}

/**
 * Where the snapshot is read. PostgreSQL: the database itself (one more connection; nothing
 * waits). The server's PGlite, on disk, has one connection, which a snapshot of every row would
 * hold for minutes at 100,000 products: its data directory's files are copied, inside a
 * transaction (so no other query runs) after a checkpoint, and the rows read from the copy,
 * deleted with the spool. Other queries wait only for the file copy, and no memory is needed.
 * An in-memory database (tests and scripts, never a server) is read in place, as PostgreSQL is.
 */
async function snapshotSource(db: Database, driver: Manifest["driver"], dir: string) {
  const client = (db as unknown as { $client: PGlite }).$client;
  const onDisk = driver === "pglite" && client.dataDir && !client.dataDir.startsWith("memory://");
  if (!onDisk) return { db, close: async () => {} };
  const copyDir = path.join(dir, "pglite-copy");
  await client.transaction(async (tx) => {
    await tx.exec("checkpoint");
    await cp(client.dataDir!, copyDir, { recursive: true });
  });
  const copy = await openDatabase({ dataDir: copyDir });
  return { db: copy.db, close: () => copy.close() };
}

/**
 * Writes one archive (tar, gzip) to `out`: every table's rows as they were in one snapshot
 * (a read-only REPEATABLE READ transaction), then every stored file, then manifest.json with
 * each entry's size and SHA-256. Files are read after the snapshot; see docs/decisions/018.
 * Needs temporary disk space for the rows, uncompressed.
 */
export async function writeBackup(
  options: { db: Database; driver: Manifest["driver"]; storage: FileStorage },
  out: Writable,
): Promise<Manifest> {
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), out);
  // Surfaces a failing destination at once rather than at the end.
  written.catch(() => {});
  const entries: ManifestEntry[] = [];
  const mtime = new Date();

  async function addEntry(name: string, size: number, source: Readable) {
    const entry: ManifestEntry = { name, size: 0, sha256: "" };
    await pipeline(source, hashing(entry), pack.entry({ name, size, mtime }));
    entries.push(entry);
  }

  // Rows go to plain files first and are compressed after the snapshot ends, so the snapshot
  // never waits on gzip or the destination.
  const spool = await mkdtemp(path.join(tmpdir(), "merch-backup-rows-"));
  const spooled: Array<{ name: string; file: string; size: number }> = [];
  try {
    return await packBackup();
  } catch (error) {
    // Ends the destination too: a half-written archive is never mistaken for a finished one.
    pack.destroy(error as Error);
    throw error;
  } finally {
    await rm(spool, { recursive: true, force: true });
  }

  async function packBackup() {
    const source = await snapshotSource(options.db, options.driver, spool);
    const snapshot = await source.db
      .transaction(
        async (tx) => {
          const tables: Record<string, number> = {};
          for (const table of await listTables(tx)) {
            tables[table] = 0;
            let piece: string[] = [];
            let pieceBytes = 0;
            let pieces = 0;
            const flush = async () => {
              if (!piece.length) return;
              const body = Buffer.from(`${piece.join("\n")}\n`);
              pieces += 1;
              const file = path.join(spool, String(spooled.length));
              await writeFile(file, body);
              spooled.push({
                name: `db/${table}/${String(pieces).padStart(6, "0")}.jsonl`,
                file,
                size: body.length,
              });
              piece = [];
              pieceBytes = 0;
            };
            for await (const batch of exportTable(tx, table)) {
              for (const row of batch) {
                piece.push(row);
                pieceBytes += Buffer.byteLength(row);
                if (pieceBytes >= CHUNK_BYTES) await flush();
              }
              tables[table] += batch.length;
            }
            await flush();
          }
          return { tables, schema: await schemaVersion(tx) };
        },
        { isolationLevel: "repeatable read", accessMode: "read only" },
      )
      .finally(source.close);
    // From the database itself: sequences are outside every snapshot anyway, and a PGlite copy
    // starts with its sequences advanced (PostgreSQL logs them 32 values ahead).
    const sequences = await readSequences(options.db);

    for (const piece of spooled) {
      await addEntry(piece.name, piece.size, createReadStream(piece.file));
      await rm(piece.file);
    }

    let files = 0;
    for (const key of await storedFileKeys(options.storage)) {
      const file = await options.storage.get(key);
      // Removed since it was listed (an orphan the collector took): nothing to keep.
      if (!file) continue;
      await addEntry(`files/${key}`, file.size, file.body);
      files += 1;
    }

    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: FORMAT_VERSION,
      createdAt: mtime.toISOString(),
      driver: options.driver,
      ...snapshot,
      sequences,
      files,
      entries,
    };
    const body = Buffer.from(JSON.stringify(manifest, null, 2));
    await pipeline(Readable.from([body]), pack.entry({ name: MANIFEST, size: body.length, mtime }));
    pack.finalize();
    await written;
    return manifest;
  }
}

/** Every entry of the archive in order, each with its body as a stream. */
async function* readEntries(file: string) {
  const extract = tar.extract();
  const reading = pipeline(createReadStream(file), createGunzip(), extract);
  reading.catch(() => {});
  for await (const entry of extract) yield entry;
  await reading;
}

function damaged(file: string, why: string) {
  return new BackupError(`The backup ${file} cannot be restored: ${why}. Nothing was changed.`);
}

/**
 * Reads the whole archive and checks it against its manifest: every entry present with its size
 * and SHA-256, nothing extra. Changes nothing; resolves with the manifest.
 */
export async function verifyBackup(file: string): Promise<Manifest> {
  const seen = new Map<string, ManifestEntry>();
  let manifest: Manifest | undefined;
  try {
    for await (const entry of readEntries(file)) {
      const name = entry.header.name;
      if (name === MANIFEST) {
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        manifest = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Manifest;
        continue;
      }
      const found: ManifestEntry = { name, size: 0, sha256: "" };
      // Only counted and hashed here: the bytes go nowhere.
      await pipeline(
        entry,
        hashing(found),
        new Writable({ write: (_chunk, _enc, done) => done() }),
      );
      seen.set(name, found);
    }
  } catch (error) {
    if (error instanceof SyntaxError) throw damaged(file, "its manifest is not valid JSON");
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new BackupError(`No backup at ${file}.`);
    throw damaged(file, `it is damaged or cut short (${(error as Error).message})`);
  }
  if (!manifest) throw damaged(file, "it has no manifest (it is cut short or not a backup)");
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== FORMAT_VERSION) {
    throw damaged(
      file,
      `it is not a backup this version can read (${manifest.format} ${manifest.version})`,
    );
  }
  for (const expected of manifest.entries) {
    const found = seen.get(expected.name);
    if (!found) throw damaged(file, `${expected.name} is missing`);
    if (found.size !== expected.size || found.sha256 !== expected.sha256) {
      throw damaged(file, `${expected.name} does not match its checksum`);
    }
    seen.delete(expected.name);
  }
  const extra = [...seen.keys()][0];
  if (extra) throw damaged(file, `${extra} is not in the manifest`);
  return manifest;
}

/**
 * Writes a verified archive into the database and the file storage: in one transaction, every
 * table emptied and refilled and the sequences set as they were; the files written as it goes.
 */
export async function applyBackup(
  file: string,
  options: { db: Database; storage: FileStorage; manifest: Manifest },
) {
  const tables = Object.keys(options.manifest.tables);
  await options.db.transaction(async (tx) => {
    const { writer, finish } = await prepareRestore(tx, tables);
    for await (const entry of readEntries(file)) {
      const name = entry.header.name;
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      if (name.startsWith("db/")) {
        const table = name.split("/")[1]!;
        const rows = body.toString("utf8").split("\n").filter(Boolean);
        await writer.insert(table, rows);
      } else if (name.startsWith("files/")) {
        const key = name.slice("files/".length);
        await options.storage.put(key, body, {
          contentType: contentTypeFor(key),
          cacheControl: "public, max-age=86400",
        });
      }
    }
    await finish(options.manifest.sequences);
  });
}
