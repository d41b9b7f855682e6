import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Client } from "soap";
import { SupplierError, type SupplierName, supplierTimeout } from "./errors";
import {
  type RateBudget,
  type RetryPolicy,
  type SupplierLogger,
  withRetry,
} from "./resilience.server";

export interface SoapCallOptions {
  supplier: SupplierName;
  logger: SupplierLogger;
  timeoutMs: number;
  retry: RetryPolicy;
  budget?: RateBudget;
}

// The WSDLs are kept in the repository; the server runs from its root (as it does for media/).
const WSDL_DIR = path.resolve("app/platform/suppliers/wsdl");

/** A client for a WSDL kept in the repo (by file name), posting to the configured endpoint. */
export async function soapClient(wsdlFile: string, endpoint: string): Promise<Client> {
  const wsdlXml = await readFile(path.join(WSDL_DIR, wsdlFile), "utf8");
  // node-soap is loaded with the first supplier call (docs/performance.md, memory).
  const { createClientAsync } = await import("soap");
  const client = await createClientAsync(wsdlXml, {
    endpoint,
    // SanMar's samples omit namespace prefixes on unqualified children; keep node-soap's output plain.
    disableCache: true,
    returnFault: true,
  });
  client.setEndpoint(endpoint);
  return client;
}

interface SoapFailure {
  code?: string;
  message?: string;
  response?: { status?: number };
  root?: { Envelope?: { Body?: { Fault?: { faultstring?: string; faultcode?: string } } } };
}

/**
 * One SOAP operation with the same guarantees as the HTTP wrapper: timeout, retry on transport
 * errors and 5xx (a SOAP Fault is an answer, not retried), a log line without the login.
 */
export async function callSoap<T>(
  client: Client,
  operation: string,
  args: unknown,
  options: SoapCallOptions,
): Promise<{ result: T; raw: string }> {
  const { supplier, logger } = options;
  return withRetry(
    async (attempt) => {
      await options.budget?.acquire();
      const started = Date.now();
      const method = (
        client as unknown as Record<string, (a: unknown, o: unknown) => Promise<unknown[]>>
      )[`${operation}Async`];
      if (!method) throw new SupplierError(supplier, "remote", `Unknown operation ${operation}.`);
      try {
        const [result, raw] = await method.call(client, args, { timeout: options.timeoutMs });
        logger.info({ supplier, operation, attempt, ms: Date.now() - started }, "supplier call");
        return { result: (result ?? {}) as T, raw: typeof raw === "string" ? raw : "" };
      } catch (error) {
        const failure = classify(supplier, error as SoapFailure, options.timeoutMs, operation);
        logger.info(
          {
            supplier,
            operation,
            attempt,
            ms: Date.now() - started,
            kind: failure.kind,
            status: failure.status,
          },
          "supplier call failed",
        );
        throw failure;
      }
    },
    { policy: options.retry, logger, supplier, operation },
  );
}

function classify(
  supplier: SupplierName,
  error: SoapFailure,
  timeoutMs: number,
  operation: string,
) {
  const fault = error.root?.Envelope?.Body?.Fault;
  const status = error.response?.status;
  if (fault) {
    return new SupplierError(
      supplier,
      "remote",
      `SOAP Fault: ${fault.faultstring ?? fault.faultcode ?? "unknown"}`,
      {
        status,
        code: fault.faultcode,
        cause: error,
      },
    );
  }
  if (
    error.code === "ECONNABORTED" ||
    error.code === "ETIMEDOUT" ||
    /timeout/i.test(error.message ?? "")
  ) {
    return supplierTimeout(supplier, timeoutMs, operation, error);
  }
  if (status === 401 || status === 403) {
    return new SupplierError(
      supplier,
      "auth",
      `The supplier refused the credentials (HTTP ${status}).`,
      { status, cause: error },
    );
  }
  if (status === 429 || (status !== undefined && status >= 500)) {
    return new SupplierError(
      supplier,
      status === 429 ? "rate_limited" : "server",
      `The supplier's server answered HTTP ${status}.`,
      {
        status,
        retryable: true,
        cause: error,
      },
    );
  }
  if (
    /ECONNRESET|ECONNREFUSED|socket hang up|aborted|EPIPE|terminated/i.test(
      `${error.code ?? ""} ${error.message ?? ""}`,
    )
  ) {
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
  if (status === undefined && error.code) {
    return new SupplierError(
      supplier,
      "network",
      `The supplier could not be reached (${error.code}).`,
      {
        retryable: true,
        cause: error,
      },
    );
  }
  return new SupplierError(
    supplier,
    "malformed",
    "The supplier sent a response that is not a valid SOAP message.",
    {
      status,
      cause: error,
    },
  );
}
