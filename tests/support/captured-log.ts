import { Writable } from "node:stream";
import { createLogger } from "~/platform/config/logger.server";

/** The app's JSON logger at `info`, writing its lines into `lines` as parsed objects. */
export function capturedLog() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger(
    "info",
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    }),
  );
  return { logger, lines };
}
