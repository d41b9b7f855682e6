import type { SupplierLogger } from "~/platform/suppliers/resilience.server";

/** A logger that keeps every structured line, so tests can assert what was (not) logged. */
export function captureLogger() {
  const lines: unknown[] = [];
  const record = (obj: unknown, msg?: string) => void lines.push({ ...(obj as object), msg });
  const logger = { info: record, warn: record, debug: record } as unknown as SupplierLogger;
  return { logger, lines, text: () => JSON.stringify(lines) };
}
