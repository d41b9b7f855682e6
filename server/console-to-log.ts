import { format } from "node:util";
import type { Logger } from "pino";

/**
 * Libraries (React Router's default error handler, React) and older app code write to
 * console.error; in production that put plain-text stack traces beside the JSON logs. This
 * sends them through the logger instead: one JSON line, the error serialized (and redacted).
 */
export function routeConsoleToLogger(logger: Logger) {
  const toLog =
    (level: "error" | "warn" | "info") =>
    (...args: unknown[]) => {
      const error = args.find((arg) => arg instanceof Error);
      const rest = args.filter((arg) => arg !== error);
      const message = rest.length ? format(...rest) : ((error as Error | undefined)?.message ?? "");
      if (error) logger[level]({ err: error }, message);
      else logger[level](message);
    };
  console.error = toLog("error");
  console.warn = toLog("warn");
  console.log = toLog("info");
  console.info = toLog("info");
}
