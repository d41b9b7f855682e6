import { expect, it } from "vitest";
import { PoolFullError, createWorkPool } from "~/platform/uploads/work-pool";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

it("runs at most N tasks at once, the rest in order, and refuses past the queue's bound", async () => {
  const pool = createWorkPool(2, 2);
  const gates = [deferred(), deferred(), deferred(), deferred()];
  const started: number[] = [];
  const runs = gates.map((gate, i) =>
    pool.run(async () => {
      started.push(i);
      await gate.promise;
      return i;
    }),
  );
  await expect(pool.run(async () => 99)).rejects.toBeInstanceOf(PoolFullError);
  await Promise.resolve();
  expect(started).toEqual([0, 1]);
  expect([pool.active, pool.queued]).toEqual([2, 2]);

  gates[1]!.resolve();
  await runs[1];
  await Promise.resolve();
  expect(started).toEqual([0, 1, 2]);
  expect([pool.active, pool.queued]).toEqual([2, 1]);

  gates[0]!.resolve();
  gates[2]!.resolve();
  gates[3]!.resolve();
  expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
  expect([pool.active, pool.queued]).toEqual([0, 0]);
});

it("frees the slot when a task fails", async () => {
  const pool = createWorkPool(1, 0);
  await expect(pool.run(() => Promise.reject(new Error("bad image")))).rejects.toThrow("bad image");
  expect(await pool.run(async () => "next")).toBe("next");
  expect(pool.active).toBe(0);
});
