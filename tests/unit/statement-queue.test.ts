import { expect, it, vi } from "vitest";
import { StatementQueue, runInBackground } from "~/platform/db/statement-queue.server";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** A statement that records when it starts and ends when its gate opens. */
function statements(queue: StatementQueue) {
  const order: string[] = [];
  const gates = new Map<string, ReturnType<typeof deferred>>();
  const ask = (name: string) => {
    const gate = deferred();
    gates.set(name, gate);
    return queue.run(async () => {
      order.push(name);
      await gate.promise;
      return name;
    });
  };
  const finish = async (name: string, run: Promise<string>) => {
    gates.get(name)!.resolve();
    expect(await run).toBe(name);
    // The next statement starts once the finished one's promise has settled.
    await new Promise((r) => setTimeout(r, 0));
  };
  return { order, ask, finish };
}

it("runs one statement at a time, a request's before a job's that was waiting first", async () => {
  const { order, ask, finish } = statements(new StatementQueue(10_000));
  const running = runInBackground(() => ask("job 1"));
  const job2 = runInBackground(() => ask("job 2"));
  const request1 = ask("request 1");
  const request2 = ask("request 2");
  await new Promise((r) => setTimeout(r, 0));
  expect(order).toEqual(["job 1"]);

  await finish("job 1", running);
  expect(order).toEqual(["job 1", "request 1"]);
  await finish("request 1", request1);
  expect(order).toEqual(["job 1", "request 1", "request 2"]);
  await finish("request 2", request2);
  expect(order).toEqual(["job 1", "request 1", "request 2", "job 2"]);
  await finish("job 2", job2);
});

it("gives a job's statement its turn by arrival once it has waited its limit, so a busy site slows a job without stopping it", async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  try {
    const { order, ask, finish } = statements(new StatementQueue(100));
    const request1 = ask("request 1");
    const request2 = ask("request 2");
    vi.advanceTimersByTime(1);
    const job = runInBackground(() => ask("job"));
    vi.advanceTimersByTime(1);
    const request3 = ask("request 3");
    const request4 = ask("request 4");
    vi.advanceTimersByTime(100);

    // Past its limit the job goes before the requests that came after it, never before older ones.
    await finish("request 1", request1);
    await finish("request 2", request2);
    await finish("job", job);
    await finish("request 3", request3);
    await finish("request 4", request4);
    expect(order).toEqual(["request 1", "request 2", "job", "request 3", "request 4"]);
  } finally {
    vi.useRealTimers();
  }
});

it("goes on after a statement fails, and passes the failure to its caller", async () => {
  const queue = new StatementQueue();
  const failing = queue.run(async () => {
    throw new Error("syntax error");
  });
  // Thrown before any promise exists: the queue is freed all the same.
  const throwing = queue.run((): Promise<string> => {
    throw new Error("no statement");
  });
  const next = queue.run(async () => "answered");
  await expect(failing).rejects.toThrow("syntax error");
  await expect(throwing).rejects.toThrow("no statement");
  expect(await next).toBe("answered");
});
