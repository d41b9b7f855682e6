import { type Logger, type LoggerOptions, pino, stdSerializers } from "pino";

/**
 * Personal data never reaches the log: a visitor's name, email, phone, message and address, a
 * customer's email, and every cookie and credential header. Paths are pino `redact` paths.
 */
export const REDACTED_PATHS = [
  "name",
  "email",
  "phone",
  "message",
  "address",
  "ipAddress",
  "customerEmail",
  "to",
  "replyTo",
  "password",
  // Not *.name or *.message: those would hide every error's type and text.
  "*.email",
  "*.phone",
  "*.address",
  "*.customerEmail",
  "*.password",
  "form",
  "*.form",
  "contact",
  "*.contact",
  "req.headers.cookie",
  "req.headers.authorization",
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  "err.params",
  "err.cause.params",
];

/**
 * Errors keep their type, code and stack, but a failed query's message (which Drizzle writes as
 * the SQL followed by every parameter, i.e. the visitor's form) is cut before its parameters.
 */
function serializeError(error: unknown) {
  if (!(error instanceof Error)) return error;
  const serialized = stdSerializers.err(error) as unknown as Record<string, unknown>;
  for (const key of ["message", "stack"] as const) {
    if (typeof serialized[key] === "string")
      serialized[key] = withoutParams(serialized[key] as string);
  }
  delete serialized.params;
  if (serialized.cause && typeof serialized.cause === "object") {
    serialized.cause = serializeError((error as { cause?: unknown }).cause);
  }
  return serialized;
}

function withoutParams(text: string) {
  return text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, "\nparams: [redacted]");
}

export function loggerOptions(
  // Tests read what a caller sees, not the log; a test that checks the log passes a level.
  level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
): LoggerOptions {
  return {
    // A level pino does not know is the configuration's to refuse in one line (env.server.ts);
    // pino would throw as this module loads, before that check.
    level: level === "silent" || level in pino.levels.values ? level : "info",
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    serializers: { err: serializeError, error: serializeError },
  };
}

/** One JSON logger for the server entry and the app's loaders and actions alike. */
export const logger: Logger = pino(loggerOptions());

export function createLogger(level?: string, destination?: pino.DestinationStream): Logger {
  return destination ? pino(loggerOptions(level), destination) : pino(loggerOptions(level));
}
