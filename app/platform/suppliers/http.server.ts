import { setImmediate as nextTurn } from "node:timers/promises";
import { JSONParser } from "@streamparser/json";
import { SupplierError, type SupplierName, supplierTimeout } from "./errors";
import {
  type RateBudget,
  type RetryPolicy,
  type SupplierLogger,
  parseRetryAfter,
  withRetry,
} from "./resilience.server";

export interface SupplierHttpOptions {
  supplier: SupplierName;
  logger: SupplierLogger;
  timeoutMs: number;
  retry: RetryPolicy;
  budget?: RateBudget;
  headers: Record<string, string>;
}

export interface SupplierHttpResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

/**
 * The one fetch wrapper for supplier HTTP calls: rate budget, timeout covering the whole body,
 * retries on 429/5xx/timeouts/dropped connections, and a log line per attempt that names the
 * path but never the Authorization header. Statuses in `accept` are returned, not thrown.
 */
export async function supplierGetJson(
  url: URL,
  options: SupplierHttpOptions,
  operation: string,
  accept: number[] = [],
): Promise<SupplierHttpResponse> {
  const { supplier, logger } = options;
  return withRetry(
    async (attempt) => {
      await options.budget?.acquire();
      const started = Date.now();
      const signal = AbortSignal.timeout(options.timeoutMs);
      try {
        const response = await fetch(url, { headers: options.headers, signal });
        const status = response.status;
        const remaining = response.headers.get("x-rate-limit-remaining");
        if (remaining !== null) options.budget?.observeRemaining(Number(remaining));
        const ok = response.ok || accept.includes(status);
        const body = ok ? await readJsonBody(response, supplier) : await response.text();
        logger.info(
          {
            supplier,
            operation,
            path: url.pathname,
            status,
            attempt,
            ms: Date.now() - started,
            remaining,
          },
          "supplier call",
        );
        if (typeof body === "string") throw statusError(supplier, response, body);
        if ("error" in body) throw body.error;
        return { status, headers: response.headers, body: body.value };
      } catch (error) {
        if (error instanceof SupplierError) {
          if (error.kind === "rate_limited") options.budget?.pause(error.retryAfterMs ?? 1000);
          throw error;
        }
        throw transportError(supplier, error, signal, options.timeoutMs, operation);
      }
    },
    { policy: options.retry, logger, supplier, operation },
  );
}

// Bodies up to this size are parsed at once (`JSON.parse`: 14 ms for a products page of 1.5 MB);
// larger ones as they arrive, which costs several times the CPU but never holds the process.
const PARSE_AT_ONCE_BYTES = 4 * 1024 * 1024;

/**
 * A JSON body, parsed at once when small and in pieces when large, giving the event loop a turn
 * after each piece: S&S's whole style list is 25 MB at 1,000,000 SKUs, and `JSON.parse` on it
 * held every other request of the process for a third of a second. A body that is not JSON is an
 * `error` (the caller logs the call first); a failure reading it (a timeout, a cut connection)
 * is thrown.
 */
export async function readJsonBody(
  response: Response,
  supplier: SupplierName,
): Promise<{ value: unknown } | { error: SupplierError }> {
  const malformed = (cause?: unknown) => ({
    error: new SupplierError(
      supplier,
      "malformed",
      `The supplier sent a response that is not valid JSON (HTTP ${response.status}).`,
      { status: response.status, cause },
    ),
  });
  const reader = response.body?.getReader();
  const head: Uint8Array[] = [];
  let headBytes = 0;
  let parser: JSONParser | undefined;
  let parsed: { value: unknown } | undefined;
  for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader!.read()) {
    if (!parser) {
      head.push(chunk.value);
      headBytes += chunk.value.byteLength;
      if (headBytes <= PARSE_AT_ONCE_BYTES) continue;
      parser = new JSONParser({ paths: ["$"] });
      parser.onValue = ({ value }) => {
        parsed = { value };
      };
    }
    // The pieces read so far when the body turned out large, then each as it comes.
    const pieces = head.length ? head.splice(0) : [chunk.value];
    try {
      for (const piece of pieces) {
        parser.write(piece);
        await nextTurn();
      }
    } catch (cause) {
      await reader!.cancel().catch(() => {});
      return malformed(cause);
    }
  }
  try {
    if (!parser) return { value: JSON.parse(new TextDecoder().decode(Buffer.concat(head))) };
    if (!parser.isEnded) parser.end();
  } catch (cause) {
    return malformed(cause);
  }
  return parsed ?? malformed();
}

function statusError(supplier: SupplierName, response: Response, text: string) {
  const status = response.status;
  const detail = supplierMessage(text);
  if (status === 401 || status === 403) {
    return new SupplierError(
      supplier,
      "auth",
      detail ?? `The supplier refused the credentials (HTTP ${status}).`,
      { status },
    );
  }
  if (status === 429) {
    return new SupplierError(
      supplier,
      "rate_limited",
      "The supplier's rate limit was reached (HTTP 429).",
      {
        status,
        retryable: true,
        retryAfterMs: parseRetryAfter(response.headers.get("retry-after")),
      },
    );
  }
  if (status >= 500) {
    return new SupplierError(
      supplier,
      "server",
      detail ?? `The supplier's server failed (HTTP ${status}).`,
      {
        status,
        retryable: true,
        retryAfterMs: parseRetryAfter(response.headers.get("retry-after")),
      },
    );
  }
  if (status === 404) {
    return new SupplierError(supplier, "not_found", detail ?? "Not found (HTTP 404).", { status });
  }
  return new SupplierError(supplier, "remote", detail ?? `The supplier answered HTTP ${status}.`, {
    status,
  });
}

/** S&S error bodies are `{ errors: [{ field, message }] }`. */
function supplierMessage(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { errors?: { message?: unknown }[]; message?: unknown };
    const first = body.errors?.[0]?.message ?? body.message;
    return typeof first === "string" && first ? first : undefined;
  } catch {
    return undefined;
  }
}

export function transportError(
  supplier: SupplierName,
  error: unknown,
  signal: AbortSignal,
  timeoutMs: number,
  operation: string,
) {
  if (signal.aborted) {
    return supplierTimeout(supplier, timeoutMs, operation, error);
  }
  return new SupplierError(
    supplier,
    "network",
    "The connection to the supplier failed or was cut off.",
    {
      retryable: true,
      cause: error,
    },
  );
}
