import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";
import type Koffi from "koffi";

/**
 * Gives the C heap's free pages back to the system once the process goes quiet after work.
 *
 * glibc hands freed memory back only from the top of its heaps. What start-up and each burst of
 * pages free in the middle (V8's compiler scratch, buffers, libvips) stays resident: 44 MB of an
 * idle 220 MB server on the embedded database (docs/performance.md, 2026-12-04). glibc's
 * `malloc_trim(0)` returns those pages; Node never calls it, so it is called here through koffi
 * (decision 023), once each time a busy stretch is followed by a quiet one. Where there is no
 * glibc (musl, macOS) there is nothing to call and nothing is done.
 */
export function trimNativeHeapWhenQuiet({
  intervalMs = 10_000,
  onTrim = (_ms: number) => {},
} = {}) {
  const trim = mallocTrim();
  if (!trim) return;
  const afterWork = quietAfterWork();
  let last = performance.eventLoopUtilization();
  const check = () => {
    if (afterWork(performance.eventLoopUtilization(last).utilization)) {
      const started = performance.now();
      trim();
      onTrim(performance.now() - started);
    }
    // The next interval starts after the trim, and lasts a whole interval: with setInterval, a
    // trim longer than the interval (hundreds of ms on a loaded machine) was followed at once by
    // a tick that measured almost no time, all of it busy, and so trimmed again.
    last = performance.eventLoopUtilization();
    setTimeout(check, intervalMs).unref();
  };
  setTimeout(check, intervalMs).unref();
}

/**
 * Fed the main thread's busy share of each interval, says when to trim: on the first quiet
 * interval (under `quietBelow`) after a busy one, and after start-up, which counts as busy.
 */
export function quietAfterWork(quietBelow = 0.05) {
  let workedSinceTrim = true;
  return (busy: number) => {
    if (busy >= quietBelow) {
      workedSinceTrim = true;
      return false;
    }
    const trim = workedSinceTrim;
    workedSinceTrim = false;
    return trim;
  };
}

/** glibc's `malloc_trim(0)`, or undefined where the C library has none. */
function mallocTrim(): (() => void) | undefined {
  if (process.platform !== "linux") return undefined;
  try {
    const koffi = createRequire(import.meta.url)("koffi") as typeof Koffi;
    const trim = koffi.load("libc.so.6").func("int malloc_trim(size_t pad)");
    return () => void trim(0);
  } catch {
    // musl and other C libraries: no libc.so.6, or no malloc_trim in it.
    return undefined;
  }
}
