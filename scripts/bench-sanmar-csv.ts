/**
 * Parses a generated SanMar_SDL_N.csv of SIZE_MB (default 500) megabytes from the SFTP fake on
 * loopback through the real client, and prints rows, throughput and the peak resident memory.
 *
 *   node --import tsx scripts/bench-sanmar-csv.ts [SIZE_MB]
 *
 * The file is written once to a temporary folder (streamed, never held in memory) and removed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { createSanMarSftpClient } from "../app/platform/suppliers/sanmar-sftp.server";
import { startFakeSanMarSftp, writeGeneratedSdl } from "../tests/fakes/sanmar-sftp";

const sizeMb = Number(process.argv[2] ?? 500);
const root = mkdtempSync(path.join(tmpdir(), "bench-sanmar-"));
const folder = path.join(root, "SanMarPDD");

try {
  const { mkdirSync } = await import("node:fs");
  mkdirSync(folder);
  const generated = await writeGeneratedSdl(path.join(folder, "SanMar_SDL_N.csv"), {
    bytes: sizeMb * 1024 * 1024,
  });
  const fake = await startFakeSanMarSftp({ root });
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const client = createSanMarSftpClient({
    host: fake.host,
    port: fake.port,
    username: fake.username,
    password: fake.password,
    logger: pino({ level: "silent" }),
  });
  const started = Date.now();
  const styles = new Set<string>();
  const result = await client.streamCsv({}, (row) => void styles.add(row["STYLE#"]!));
  const seconds = (Date.now() - started) / 1000;
  clearInterval(sample);
  peak = Math.max(peak, process.memoryUsage().rss);
  await fake.close();
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  console.log(
    JSON.stringify({
      fileMB: mb(generated.bytes),
      rows: result.rows,
      styles: styles.size,
      seconds: seconds.toFixed(1),
      mbPerSecond: (generated.bytes / 1024 / 1024 / seconds).toFixed(1),
      rssBeforeMB: mb(baseline),
      peakRssMB: mb(peak),
      note: "one process holds both the SFTP fake and the client, so the peak includes the fake",
    }),
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
