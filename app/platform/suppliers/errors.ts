/** Which supplier interface a call went to; also the key of its rate budget and its logs. */
export type SupplierName =
  "ss-activewear" | "sanmar-standard" | "sanmar-promostandards" | "sanmar-sftp";

export const SUPPLIER_LABELS: Record<SupplierName, string> = {
  "ss-activewear": "S&S Activewear",
  "sanmar-standard": "SanMar",
  "sanmar-promostandards": "SanMar PromoStandards",
  "sanmar-sftp": "SanMar file server",
};

export type SupplierErrorKind =
  | "not_configured"
  | "auth"
  | "timeout"
  | "rate_limited"
  | "network"
  | "server"
  | "malformed"
  | "not_found"
  | "remote";

/**
 * Every supplier failure, typed: which supplier, what went wrong, and whether trying again can
 * help (timeouts, dropped connections, 429 and 5xx can; bad credentials and bad data cannot).
 */
export class SupplierError extends Error {
  readonly supplier: SupplierName;
  readonly kind: SupplierErrorKind;
  readonly retryable: boolean;
  readonly status?: number;
  /** Supplier-side code, e.g. a PromoStandards ServiceMessage code. */
  readonly code?: string;
  /** From Retry-After, when the supplier said how long to wait. */
  readonly retryAfterMs?: number;

  constructor(
    supplier: SupplierName,
    kind: SupplierErrorKind,
    message: string,
    options: {
      retryable?: boolean;
      status?: number;
      code?: string;
      retryAfterMs?: number;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "SupplierError";
    this.supplier = supplier;
    this.kind = kind;
    this.retryable = options.retryable ?? false;
    this.status = options.status;
    this.code = options.code;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** The supplier gave no answer in time: worth another try. */
export function supplierTimeout(
  supplier: SupplierName,
  timeoutMs: number,
  operation: string,
  cause: unknown,
) {
  return new SupplierError(
    supplier,
    "timeout",
    `No answer within ${timeoutMs} ms (${operation}).`,
    { retryable: true, cause },
  );
}

/**
 * True for a SupplierError from any copy of this module. The clients are built by server.ts from
 * the source while the routes run from the Vite build, so the two hold different SupplierError
 * classes and `instanceof` fails across them; the name and the typed fields do not.
 */
export function isSupplierError(error: unknown): error is SupplierError {
  if (error instanceof SupplierError) return true;
  if (!(error instanceof Error) || error.name !== "SupplierError") return false;
  const fields = error as Partial<Record<"supplier" | "kind" | "retryable", unknown>>;
  return (
    typeof fields.supplier === "string" &&
    typeof fields.kind === "string" &&
    typeof fields.retryable === "boolean"
  );
}
