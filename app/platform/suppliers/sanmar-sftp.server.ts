import path from "node:path/posix";
import { pipeline } from "node:stream";
import { parse } from "csv-parse";
import type SftpClient from "ssh2-sftp-client";
import { SupplierError } from "./errors";
import type { SupplierLogger } from "./resilience.server";

export const SANMAR_SFTP_DEFAULTS = { host: "ftp.sanmar.com", port: 2200 } as const;
export const SANMAR_PRODUCT_FOLDER = "SanMarPDD";
export const SANMAR_PRODUCT_FILE = "SanMar_SDL_N.csv";

export interface SanMarSftpConfig {
  host: string;
  port: number;
  /** The SanMar customer number. */
  username: string;
  /** The FTP password (not the SanMar.com one). */
  password: string;
  logger: SupplierLogger;
  timeoutMs?: number;
}

export interface RemoteFile {
  name: string;
  path: string;
  size: number;
  isDirectory: boolean;
}

/** One row of SanMar_SDL_N.csv keyed by its header (reference §4.4). */
export type SanMarCsvRow = Record<string, string>;

export type SanMarSftpClient = ReturnType<typeof createSanMarSftpClient>;

/** SanMar's file server over SFTP (reference §4): listing, finding the data file, streaming it. */
export function createSanMarSftpClient(config: SanMarSftpConfig) {
  const timeoutMs = config.timeoutMs ?? 30_000;
  const log = (fields: object, msg: string) =>
    config.logger.info({ supplier: "sanmar-sftp", host: config.host, ...fields }, msg);

  async function connect() {
    // Loaded on the first connection: most instances never open one (docs/performance.md, memory).
    const { default: Sftp } = await import("ssh2-sftp-client");
    const sftp = new Sftp("sanmar");
    const started = Date.now();
    try {
      await sftp.connect({
        host: config.host,
        port: config.port,
        username: config.username,
        password: config.password,
        readyTimeout: timeoutMs,
        retries: 0,
        // SanMar offers only the legacy ssh-rsa host key algorithm (reference §4.1).
        algorithms: { serverHostKey: ["ssh-rsa", "rsa-sha2-512", "rsa-sha2-256", "ssh-ed25519"] },
      });
      log({ operation: "connect", ms: Date.now() - started }, "supplier call");
      return sftp;
    } catch (error) {
      await sftp.end().catch(() => undefined);
      throw connectionError(error, timeoutMs);
    }
  }

  async function withSession<T>(operation: string, work: (sftp: SftpClient) => Promise<T>) {
    const sftp = await connect();
    const started = Date.now();
    try {
      const result = await work(sftp);
      log({ operation, ms: Date.now() - started }, "supplier call");
      return result;
    } catch (error) {
      throw error instanceof SupplierError ? error : connectionError(error, timeoutMs);
    } finally {
      await sftp.end().catch(() => undefined);
    }
  }

  async function listIn(sftp: SftpClient, folder: string): Promise<RemoteFile[]> {
    const entries = await sftp.list(folder);
    return entries
      .map((entry) => ({
        name: entry.name,
        path: path.join(folder, entry.name),
        size: entry.size,
        isDirectory: entry.type === "d",
      }))
      .sort(
        (a, b) => Number(b.isDirectory) - Number(a.isDirectory) || a.name.localeCompare(b.name),
      );
  }

  /** Names vary in case between SanMar's guides and the server: match case-insensitively. */
  async function resolve(sftp: SftpClient, folder: string, name: string) {
    const files = await listIn(sftp, folder);
    return files.find((f) => f.name.toLowerCase() === name.toLowerCase()) ?? null;
  }

  return {
    supplier: "sanmar-sftp" as const,
    list: (folder = "/") => withSession("list", (sftp) => listIn(sftp, folder)),
    /** The root listing, the product folder's files, and the product file with its size. */
    survey: () =>
      withSession("survey", async (sftp) => {
        const root = await listIn(sftp, "/");
        const folder = root.find(
          (f) => f.isDirectory && f.name.toLowerCase() === SANMAR_PRODUCT_FOLDER.toLowerCase(),
        );
        const files = folder ? await listIn(sftp, folder.path) : [];
        const target =
          files.find((f) => f.name.toLowerCase() === SANMAR_PRODUCT_FILE.toLowerCase()) ?? null;
        return { root, files, target };
      }),
    /**
     * Streams the CSV row by row: the file is never held in memory, and `onRow` returning
     * false stops reading (and closes the connection) early.
     */
    streamCsv: (
      file: { folder?: string; name?: string; delimiter?: string },
      onRow: (row: SanMarCsvRow) => boolean | void,
    ) =>
      withSession("streamCsv", async (sftp) => {
        const folder = file.folder ?? SANMAR_PRODUCT_FOLDER;
        const name = file.name ?? SANMAR_PRODUCT_FILE;
        const found = await resolve(sftp, folder, name);
        if (!found) {
          throw new SupplierError(
            "sanmar-sftp",
            "not_found",
            `${folder}/${name} is not on the file server.`,
          );
        }
        const source = sftp.createReadStream(found.path, { highWaterMark: 256 * 1024 });
        const parser = parse({
          columns: true,
          bom: true,
          delimiter: file.delimiter ?? (name.toLowerCase().endsWith(".txt") ? "|" : ","),
          relax_column_count: true,
          skip_empty_lines: true,
          trim: true,
        });
        let rows = 0;
        let bytes = 0;
        let stopped = false;
        source.on("data", (chunk: Buffer) => (bytes += chunk.length));
        const stream = pipeline(source, parser, () => undefined);
        try {
          for await (const row of stream as AsyncIterable<SanMarCsvRow>) {
            rows++;
            if (onRow(row) === false) {
              stopped = true;
              break;
            }
          }
        } catch (error) {
          throw streamError(error, bytes, found.size);
        } finally {
          source.destroy();
        }
        if (!stopped && bytes < found.size) {
          throw new SupplierError(
            "sanmar-sftp",
            "network",
            "The file transfer stopped before the end of the file.",
            {
              retryable: true,
            },
          );
        }
        return { file: found, rows, bytes };
      }),
  };
}

function streamError(error: unknown, bytes: number, size: number) {
  const code = (error as { code?: string }).code ?? "";
  if (code.startsWith("CSV_")) {
    return new SupplierError(
      "sanmar-sftp",
      "malformed",
      `The product file is not valid CSV (${(error as Error).message}).`,
      {
        cause: error,
      },
    );
  }
  return new SupplierError(
    "sanmar-sftp",
    "network",
    `The file transfer was cut off after ${bytes} of ${size} bytes.`,
    { retryable: true, cause: error },
  );
}

function connectionError(error: unknown, timeoutMs: number) {
  const message = (error as Error).message ?? String(error);
  if (/authentication|auth methods/i.test(message)) {
    return new SupplierError(
      "sanmar-sftp",
      "auth",
      "The file server refused the username or password.",
      { cause: error },
    );
  }
  if (/timed out|timeout/i.test(message)) {
    return new SupplierError(
      "sanmar-sftp",
      "timeout",
      `The file server did not answer within ${timeoutMs} ms.`,
      {
        retryable: true,
        cause: error,
      },
    );
  }
  if (/no such file|not exist/i.test(message)) {
    return new SupplierError(
      "sanmar-sftp",
      "not_found",
      "That folder or file is not on the file server.",
      { cause: error },
    );
  }
  return new SupplierError(
    "sanmar-sftp",
    "network",
    "The connection to the file server failed or was cut off.",
    {
      retryable: true,
      cause: error,
    },
  );
}
