import { PerformanceObserver, constants } from "node:perf_hooks";
import { getHeapStatistics, setFlagsFromString } from "node:v8";
import { processWide } from "./process-wide";

/**
 * How far the heap may grow past what a full collection left alive before the next one: a share
 * of it (`npm start`'s `--heap-growing-percent`, 25), but at least `headroomBytes` while no heavy
 * work runs in this process.
 *
 * The share alone keeps a catalogue sync within its memory, where hundreds of megabytes are alive.
 * But a process serving pages keeps about 40 MB alive and promotes 15–30 MB a second out of the
 * young generation under load, so a quarter of 40 MB meant a full collection every half second,
 * 15 % of the main thread in the collector and a quarter of the process's CPU on its helper
 * threads (docs/performance.md, 2026-12-04). V8 reads the growth setting each time it sets the
 * next limit, so after each full collection it is set anew from what is alive: 80 % of 40 MB
 * with 32 MB of headroom, a quarter from 128 MB alive, and a quarter while a job or a load of
 * the search columns runs (`heavyWork`), as before.
 */
const state = processWide("heap-headroom", () => ({
  heavy: 0,
  headroomBytes: 0,
  minPercent: 25,
  maxPercent: 200,
  current: 0,
}));

function adjust() {
  if (!state.headroomBytes) return;
  const alive = Math.max(getHeapStatistics().used_heap_size, 1);
  const percent = state.heavy
    ? state.minPercent
    : Math.min(
        state.maxPercent,
        Math.max(state.minPercent, Math.ceil((state.headroomBytes / alive) * 100)),
      );
  if (percent === state.current) return;
  state.current = percent;
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}

/** Once per process, where it starts serving (server/serve.ts). */
export function keepHeapHeadroom({ headroomBytes = 32 * 1024 * 1024, minPercent = 25 } = {}) {
  Object.assign(state, { headroomBytes, minPercent });
  new PerformanceObserver((list) => {
    const entries = list.getEntries() as (PerformanceEntry & { detail?: { kind?: number } })[];
    if (entries.some((e) => e.detail?.kind === MAJOR)) adjust();
  }).observe({ entryTypes: ["gc"] });
  adjust();
}

/** Runs `work` with the heap growing by the share alone (a job, a load of the search columns). */
export async function heavyWork<T>(work: () => Promise<T>): Promise<T> {
  state.heavy++;
  adjust();
  try {
    return await work();
  } finally {
    state.heavy--;
    adjust();
  }
}

const MAJOR = constants.NODE_PERFORMANCE_GC_MAJOR;
