import { EventEmitter } from "node:events";
import type { NextFunction, Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { boundedPages, isCataloguePage } from "../../server/bounded-pages";

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
    const started: string[] = [];
    for (const path of ["/product-search", "/product-search", "/checkout", "/healthz"]) {
      middleware(
        { path } as Request,
        fakeResponse() as unknown as Response,
        (() => started.push(path)) as NextFunction,
      );
    }
    await settle();
    expect(started.sort()).toEqual(["/checkout", "/healthz", "/product-search"]);
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
