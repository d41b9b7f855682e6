import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const module = path.resolve("app/platform/lib/heap-headroom.ts");

/**
 * A process started as `npm start` starts it (a quarter's growth), keeping about 20 MB alive and
 * churning short-lived objects that survive the young generation: how many full collections it
 * makes, with and without the headroom. In a process of its own, since the setting is V8's, for
 * the whole process.
 */
async function fullCollections(mode: "share" | "headroom" | "heavy") {
  const script = `
    import { PerformanceObserver, constants } from "node:perf_hooks";
    import { heavyWork, keepHeapHeadroom } from ${JSON.stringify(module)};
    let full = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) full++;
    }).observe({ entryTypes: ["gc"] });
    const mode = ${JSON.stringify(mode)};
    if (mode !== "share") keepHeapHeadroom({ headroomBytes: 64 * 1024 * 1024 });
    const alive = Array.from({ length: 200000 }, (_, i) => ({ i, s: "item " + i }));
    async function churn() {
      let young = [];
      for (let i = 0; i < 2000000; i++) {
        young.push({ i, list: [i] });
        if (young.length > 20000) young = [];
        if (i % 50000 === 0) await new Promise((r) => setImmediate(r));
      }
    }
    await (mode === "heavy" ? heavyWork(churn) : churn());
    await new Promise((r) => setTimeout(r, 20));
    console.log(JSON.stringify({ full, alive: alive.length }));
  `;
  const { stdout } = await run(
    process.execPath,
    [
      "--heap-growing-percent=25",
      "--max-semi-space-size=1",
      "--import",
      "tsx",
      "--input-type=module",
      "--eval",
      script,
    ],
    { timeout: 60_000 },
  );
  return (JSON.parse(stdout) as { full: number }).full;
}

describe("heap headroom", () => {
  it("lets a small heap grow by the headroom, so far fewer full collections run, but not during heavy work", async () => {
    const [share, headroom, heavy] = await Promise.all([
      fullCollections("share"),
      fullCollections("headroom"),
      fullCollections("heavy"),
    ]);
    expect(share).toBeGreaterThanOrEqual(8);
    expect(headroom).toBeLessThanOrEqual(share / 2);
    expect(heavy).toBeGreaterThanOrEqual(share * 0.75);
  }, 60_000);
});
