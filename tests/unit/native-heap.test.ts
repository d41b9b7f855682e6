import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { quietAfterWork } from "~/platform/lib/native-heap";

const run = promisify(execFile);
const module = path.resolve("app/platform/lib/native-heap.ts");

describe("giving freed memory back", () => {
  it("trims on the first quiet interval after work, and only then", () => {
    const afterWork = quietAfterWork(0.05);
    // Start-up counts as work.
    expect([0.01, 0.0, 0.02].map(afterWork)).toEqual([true, false, false]);
    expect([0.3, 0.9, 0.04, 0.01].map(afterWork)).toEqual([false, false, true, false]);
    expect([0.05, 0.049].map(afterWork)).toEqual([false, true]);
  });

  it("gives back what a process freed in the middle of its heap, once after each busy stretch", async () => {
    // In a process of its own, as `npm start` runs the server: 160 MB in 8 KB buffers, one in 50
    // kept, so the freed ones are holes that glibc does not give back by itself.
    const script = `
      import { trimNativeHeapWhenQuiet } from ${JSON.stringify(module)};
      const rss = () => Math.round(process.memoryUsage().rss / 1048576);
      const pause = (ms) => new Promise((r) => setTimeout(r, ms));
      const kept = [];
      let freed = [];
      for (let i = 0; i < 20000; i++) {
        const b = Buffer.allocUnsafeSlow(8192).fill(1);
        (i % 50 === 49 ? kept : freed).push(b);
      }
      freed = null;
      globalThis.gc();
      await pause(50);
      const before = rss();
      let trims = 0;
      trimNativeHeapWhenQuiet({ intervalMs: 200, onTrim: () => trims++ });
      await pause(900);
      const after = { rss: rss(), trims };
      const until = Date.now() + 450;
      while (Date.now() < until);
      await pause(900);
      console.log(JSON.stringify({ before, after, trims, kept: kept.length }));
    `;
    const { stdout } = await run(
      process.execPath,
      ["--expose-gc", "--import", "tsx", "--input-type=module", "--eval", script],
      { timeout: 60_000, env: { ...process.env, MALLOC_ARENA_MAX: "2" } },
    );
    const { before, after, trims } = JSON.parse(stdout) as {
      before: number;
      after: { rss: number; trims: number };
      trims: number;
    };
    expect(after.trims).toBe(1);
    expect(before - after.rss).toBeGreaterThan(80);
    expect(trims).toBe(2);
  });
});
