import type { Logger } from "pino";
import { processWide } from "~/platform/lib/process-wide";

type Level = "info" | "warn";

interface Window {
  openedAt: number;
  dropped: number;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * At most one line a second per kind of expected event (a refused cross-site post, a 404): a
 * flood of them is one line a second, each carrying `dropped`, the count left out since the
 * previous line of that kind. A window that ends with lines left out writes its count then.
 * Kinds are names chosen in code (never taken from a request), so the table stays small.
 */
export function createLogSampler(intervalMs = 1_000, maxKinds = 500) {
  const windows = new Map<string, Window>();

  function flush(logger: Logger, level: Level, kind: string, msg: string) {
    const window = windows.get(kind);
    if (!window) return;
    window.timer = undefined;
    if (window.dropped === 0) {
      windows.delete(kind);
      return;
    }
    logger[level]({ kind, dropped: window.dropped }, `${msg} (repeated)`);
    window.dropped = 0;
    window.openedAt = Date.now();
    window.timer = setTimeout(() => flush(logger, level, kind, msg), intervalMs);
    window.timer.unref?.();
  }

  /** Whether a line of this kind may be written now, with the count left out before it. */
  function admit(kind: string): { dropped: number } | null {
    const now = Date.now();
    const window = windows.get(kind);
    if (window && now - window.openedAt < intervalMs) {
      window.dropped += 1;
      return null;
    }
    const dropped = window?.dropped ?? 0;
    if (window?.timer) clearTimeout(window.timer);
    if (!window && windows.size >= maxKinds) {
      // Never expected; forget the oldest rather than grow.
      const oldest = windows.keys().next().value as string;
      clearTimeout(windows.get(oldest)?.timer);
      windows.delete(oldest);
    }
    windows.set(kind, { openedAt: now, dropped: 0 });
    return { dropped };
  }

  return {
    /** Writes the line unless one of its kind was written less than a second ago. */
    log(logger: Logger, level: Level, kind: string, fields: object, msg: string) {
      const admitted = admit(kind);
      if (!admitted) {
        const window = windows.get(kind)!;
        if (!window.timer) {
          window.timer = setTimeout(
            () => flush(logger, level, kind, msg),
            Math.max(0, window.openedAt + intervalMs - Date.now()),
          );
          window.timer.unref?.();
        }
        return;
      }
      logger[level](
        { ...fields, kind, ...(admitted.dropped ? { dropped: admitted.dropped } : {}) },
        msg,
      );
    },
  };
}

/** The process's one sampler, shared by the access log and the app's refusal lines. */
export const logSampler = processWide("log-sampler", createLogSampler);
