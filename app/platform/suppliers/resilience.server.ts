import type { Logger } from "pino";
import { processWide } from "~/platform/lib/process-wide";
import { SupplierError, type SupplierName } from "./errors";

export type SupplierLogger = Pick<Logger, "info" | "warn" | "debug">;

export interface RetryPolicy {
  /** Attempts after the first. */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 3, baseDelayMs: 1000, maxDelayMs: 60_000 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** "Full jitter" backoff: a random wait up to base·2^attempt, so parallel callers spread out. */
export function backoffDelay(attempt: number, policy: RetryPolicy, random = Math.random) {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Retry-After is either seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Runs `call` and retries it when it fails with a retryable SupplierError, waiting the
 * supplier's Retry-After when it gave one (capped by maxDelayMs), else backoff with jitter.
 */
export async function withRetry<T>(
  call: (attempt: number) => Promise<T>,
  options: {
    policy: RetryPolicy;
    logger: SupplierLogger;
    supplier: SupplierName;
    operation: string;
  },
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call(attempt);
    } catch (error) {
      const retryable = error instanceof SupplierError && error.retryable;
      if (!retryable || attempt >= options.policy.retries) throw error;
      const wait =
        error.retryAfterMs !== undefined
          ? Math.min(error.retryAfterMs, options.policy.maxDelayMs)
          : backoffDelay(attempt, options.policy);
      options.logger.warn(
        {
          supplier: options.supplier,
          operation: options.operation,
          attempt,
          kind: error.kind,
          waitMs: wait,
        },
        "supplier call failed, retrying",
      );
      await sleep(wait);
    }
  }
}

export interface RateBudgetOptions {
  /** Requests allowed per window (S&S: 60 a minute per account). */
  limit: number;
  windowMs: number;
  /** Below this many remaining (per the supplier's header), calls are spaced out. */
  lowWater: number;
}

/**
 * A token bucket shared by every caller of one supplier account, so a catalogue sync and an
 * admin's connection test together stay under the supplier's limit. When the supplier reports
 * few requests remaining, the next calls wait an extra slot each.
 */
export class RateBudget {
  private tokens: number;
  private updatedAt = Date.now();
  private notBefore = 0;
  private queue: Promise<void> = Promise.resolve();

  constructor(readonly options: RateBudgetOptions) {
    this.tokens = options.limit;
  }

  private refill(now: number) {
    const perMs = this.options.limit / this.options.windowMs;
    this.tokens = Math.min(this.options.limit, this.tokens + (now - this.updatedAt) * perMs);
    this.updatedAt = now;
  }

  /** Resolves when one request may go out; callers are served in order. */
  acquire(): Promise<void> {
    const turn = this.queue.then(async () => {
      for (;;) {
        const now = Date.now();
        this.refill(now);
        const hold = this.notBefore - now;
        if (hold <= 0 && this.tokens >= 1) {
          this.tokens -= 1;
          return;
        }
        const slot = this.options.windowMs / this.options.limit;
        await sleep(Math.max(hold, Math.ceil((1 - this.tokens) * slot), 1));
      }
    });
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  /** Feed back the supplier's X-Rate-Limit-Remaining. */
  observeRemaining(remaining: number) {
    if (!Number.isFinite(remaining)) return;
    this.refill(Date.now());
    this.tokens = Math.min(this.tokens, Math.max(0, remaining));
    if (remaining < this.options.lowWater) {
      const slot = this.options.windowMs / this.options.limit;
      this.notBefore = Math.max(
        this.notBefore,
        Date.now() + slot * (this.options.lowWater - remaining),
      );
    }
  }

  /** After a 429: nothing more goes out until the supplier's wait is over. */
  pause(ms: number) {
    this.notBefore = Math.max(this.notBefore, Date.now() + ms);
  }
}

/** One budget per supplier account in this process: the jobs and the admin's tools share it. */
const budgets = processWide("supplier-rate-budgets", () => new Map<string, RateBudget>());

export function sharedRateBudget(key: string, options: RateBudgetOptions) {
  let budget = budgets.get(key);
  if (!budget) {
    budget = new RateBudget(options);
    budgets.set(key, budget);
  }
  return budget;
}
