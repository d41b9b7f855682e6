import { Readable } from "node:stream";
import type { MemoryFS as PgliteMemoryFS, PGlite } from "@electric-sql/pglite";

/**
 * The embedded database at `dataDir`, with the extensions and settings the app needs, once it is
 * ready. Used in the process itself (tests, scripts) and inside the database worker (the server).
 */
export async function startPglite(dataDir: string, loadDataDir?: Blob): Promise<PGlite> {
  const [{ PGlite, MemoryFS }, { pg_trgm }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
  ]);
  // An uncompressed dump started in memory is copied in here rather than by PGlite's own loader,
  // which looked up every parent folder of each of a dump's 1,200 files and cost about 300 ms of
  // CPU a start: the test suite starts about 90 databases from its templates.
  const dump =
    loadDataDir && dataDir.startsWith("memory://") ? await loadDataDir.arrayBuffer() : null;
  const files = dump && !isGzip(dump) ? await dumpFiles(dump) : null;
  const client = new PGlite({
    ...(files
      ? { fs: new (dumpFs(MemoryFS))(files, PGlite.paths.PGDATA) }
      : { dataDir, loadDataDir }),
    extensions: { pg_trgm },
    // PostgreSQL's default 128 MB of shared buffers sit inside PGlite's WebAssembly memory, which
    // never shrinks; the catalogue search answers from its in-memory columns, so 16 MB is enough.
    startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"],
    // A new data directory's write-ahead log in 1 MB segments instead of 16: initdb zeroes the
    // first segment, and every copy of the directory (a backup, a test database) carries it.
    initDbStartParams: ["--wal-segsize=1"],
  });
  await client.waitReady;
  return client;
}

interface DumpFile {
  /** The path inside the data directory, starting with "/". */
  name: string;
  data: Uint8Array | null;
}

/** PGlite's in-memory file system, holding `files` in its data directory before PostgreSQL starts. */
function dumpFs(MemoryFS: typeof PgliteMemoryFS) {
  return class DumpMemoryFS extends MemoryFS {
    constructor(
      private readonly files: DumpFile[],
      private readonly root: string,
    ) {
      super();
    }

    override async initialSyncFs() {
      const fs = this.pg!.Module.FS;
      // Each of the dump's few folders is made once, not once for each of its files.
      const made = new Set<string>();
      for (const file of this.files) {
        const path = this.root + file.name;
        const folder = file.data ? path.slice(0, path.lastIndexOf("/")) : path;
        if (!made.has(folder)) {
          fs.mkdirTree(folder);
          made.add(folder);
        }
        if (file.data) fs.writeFile(path, file.data);
      }
    }
  };
}

/** A dump's files, read once per dump: a worker starting many databases from one template reuses them. */
const parsedDumps = new WeakMap<ArrayBuffer, Promise<DumpFile[]>>();

function dumpFiles(dump: ArrayBuffer) {
  let files = parsedDumps.get(dump);
  if (!files) {
    files = untar(dump);
    parsedDumps.set(dump, files);
  }
  return files;
}

async function untar(dump: ArrayBuffer) {
  // Loaded here: the server never starts from a dump, and its database worker need not load it.
  const { default: tar } = await import("tar-stream");
  const extract = tar.extract();
  Readable.from([Buffer.from(dump)]).pipe(extract);
  const files: DumpFile[] = [];
  for await (const entry of extract) {
    const parts: Buffer[] = [];
    for await (const part of entry) parts.push(part as Buffer);
    const { name, type } = entry.header;
    if (type !== "file" && type !== "directory") continue;
    // A plain Uint8Array, not a Buffer: the file system copies a file's bytes with `slice`,
    // which on a Buffer is a view, and PostgreSQL's writes would then change the dump itself.
    const data = type === "file" ? new Uint8Array(Buffer.concat(parts)) : null;
    files.push({ name: `/${name.replace(/^\/+|\/+$/g, "")}`, data });
  }
  return files;
}

function isGzip(dump: ArrayBuffer) {
  const head = new Uint8Array(dump, 0, Math.min(2, dump.byteLength));
  return head[0] === 0x1f && head[1] === 0x8b;
}
