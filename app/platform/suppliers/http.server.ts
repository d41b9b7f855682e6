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
        const text = await response.text();
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
        if (response.ok || accept.includes(status)) {
          return { status, headers: response.headers, body: parseJson(text, supplier, status) };
        }
        throw statusError(supplier, response, text);
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

function parseJson(text: string, supplier: SupplierName, status: number) {
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw new SupplierError(
      supplier,
      "malformed",
      `The supplier sent a response that is not valid JSON (HTTP ${status}).`,
      {
        status,
        cause,
      },
    );
  }
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
