import { EventEmitter } from "node:events";
import type { NextFunction, Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { boundedPages as bounded, isCataloguePage } from "../../server/bounded-pages";

/** Both halves in a row, as the server mounts them (with other middleware between). */
function boundedPages(...args: Parameters<typeof bounded>) {
  const { othersFirst, inTurn } = bounded(...args);
  return (req: Request, res: Response, next: NextFunction) =>
    othersFirst(req, res, () => inTurn(req, res, next));
}

/** A response that records its status and body, and says "close" when told to. */
function fakeResponse() {
  const res = Object.assign(new EventEmitter(), {
    statusCode: 200,
    headers: {} as Record<string, string>,
    body: "",
    status(code: number) {
      res.statusCode = code;
      return res;
    },
    set(headers: Record<string, string>) {
      Object.assign(res.headers, headers);
      return res;
    },
    type() {
      return res;
    },
    send(body: string) {
      res.body = body;
      return res;
    },
  });
  return res;
}

async function settle() {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
}

/** `count` visitors ask for a catalogue page in turn; `started` lists those whose page began. */
function arrive(middleware: ReturnType<typeof boundedPages>, count: number) {
  const started: number[] = [];
  const responses = Array.from({ length: count }, (_, i) => {
    const res = fakeResponse();
    middleware(
      { path: "/product-search" } as Request,
      res as unknown as Response,
      (() => started.push(i)) as NextFunction,
    );
    return res;
  });
  return { started, responses };
}

/** A visitor asks for `path` (not a catalogue page, in the tests below); its response. */
function ask(middleware: ReturnType<typeof boundedPages>, path: string, next = () => {}) {
  const res = fakeResponse();
  middleware({ path } as Request, res as unknown as Response, next as NextFunction);
  return res;
}

describe("boundedPages", () => {
  it("lets two catalogue pages render at once and the third when one of them is answered", async () => {
    const middleware = boundedPages(isCataloguePage, { concurrency: 2 });
    const { started, responses } = arrive(middleware, 3);
    await settle();
    expect(started).toEqual([0, 1]);
    responses[1]!.emit("close");
    await settle();
    expect(started).toEqual([0, 1, 2]);
  });

  it("frees the turn of a visitor who left while waiting in line", async () => {
    const middleware = boundedPages(isCataloguePage, { concurrency: 1 });
    const { started, responses } = arrive(middleware, 4);
    await settle();
    expect(started).toEqual([0]);
    // Visitor 1 gives up (a client's timeout) while visitor 0's page renders.
    responses[1]!.emit("close");
    responses[0]!.emit("close");
    await settle();
    // 1 is skipped, 2 renders; once it is answered, 3 does: no turn is held by the one who left.
    expect(started).toEqual([0, 2]);
    responses[2]!.emit("close");
    await settle();
    expect(started).toEqual([0, 2, 3]);
  });

  it("never holds other pages back", async () => {
    const middleware = boundedPages(isCataloguePage, { concurrency: 1 });
    const { started: pages } = arrive(middleware, 2);
    await settle();
    expect(pages).toEqual([0]);
    const started: string[] = [];
    for (const path of ["/checkout", "/healthz"]) ask(middleware, path, () => started.push(path));
    expect(started).toEqual(["/checkout", "/healthz"]);
  });

  it("starts the next catalogue page once every other request in progress is answered", async () => {
    const middleware = boundedPages(isCataloguePage, { concurrency: 1, maxYieldMs: 60_000 });
    const checkout = ask(middleware, "/checkout");
    const { started, responses } = arrive(middleware, 2);
    await settle();
    expect(started).toEqual([]);
    checkout.emit("close");
    await settle();
    expect(started).toEqual([0]);
    // Another request arrives while page 0 renders: page 1 waits for both.
    const health = ask(middleware, "/healthz");
    responses[0]!.emit("close");
    await settle();
    expect(started).toEqual([0]);
    health.emit("close");
    await settle();
    expect(started).toEqual([0, 1]);
  });

  it("waits for other requests at most maxYieldMs, so a long one cannot hold the catalogue up", async () => {
    const middleware = boundedPages(isCataloguePage, { concurrency: 1, maxYieldMs: 30 });
    ask(middleware, "/chat/stream");
    const { started } = arrive(middleware, 1);
    await settle();
    expect(started).toEqual([]);
    await new Promise((r) => setTimeout(r, 60));
    expect(started).toEqual([0]);
  });

  it("counts a long request for its first maxYieldMs only, so later pages do not wait for it", async () => {
    const middleware = boundedPages(isCataloguePage, { concurrency: 1, maxYieldMs: 30 });
    ask(middleware, "/admin/uploads");
    await new Promise((r) => setTimeout(r, 60));
    const { started } = arrive(middleware, 1);
    await settle();
    expect(started).toEqual([0]);
  });

  it("asks the visitor to retry once the line is full", async () => {
    const middleware = boundedPages(isCataloguePage, { concurrency: 1, maxWaiting: 1 });
    const responses = [0, 1, 2].map(() => {
      const res = fakeResponse();
      middleware(
        { path: "/products/abc" } as Request,
        res as unknown as Response,
        (() => {}) as NextFunction,
      );
      return res;
    });
    await settle();
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 503]);
    expect(responses[2]!.headers["Retry-After"]).toBe("5");
    expect(responses[2]!.body).toBe(
      "The catalogue is busy right now. Please try again in a few seconds.",
    );
  });
});

describe("isCataloguePage", () => {
  it("names the search and product pages, not the SanMar tool or anything else", () => {
    expect(
      ["/product-search", "/product-search.data", "/products/123", "/products/123.data"].every(
        isCataloguePage,
      ),
    ).toBe(true);
    expect(
      ["/products/sanmar", "/products/sanmar.data", "/products", "/", "/quote"].some(
        isCataloguePage,
      ),
    ).toBe(false);
  });
});
