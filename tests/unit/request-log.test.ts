import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { requestLog } from "../../server/request-log";
import { capturedLog } from "../support/captured-log";

/** An app whose requests log a line when asked to (`?log`), and the lines written. */
async function app() {
  const { logger, lines } = capturedLog();
  let children = 0;
  const child = logger.child.bind(logger);
  logger.child = ((...args: Parameters<typeof child>) => (children++, child(...args))) as never;
  const server = express()
    .use(requestLog(logger))
    .get("/*path", (req, res) => {
      if ("log" in req.query) req.log.warn("something to say");
      res.json({ id: req.id });
    })
    .listen(0);
  await new Promise((ready) => server.once("listening", ready));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async (path: string) => (await (await fetch(url + path)).json()) as { id: number };
  return { get, lines, children: () => children, close: () => server.close() };
}

describe("the request's logger", () => {
  it("numbers the requests and names the request in each line, its address through the allow-list", async () => {
    const { get, lines, close } = await app();
    try {
      expect((await get("/about")).id).toBe(1);
      const { id } = await get("/subscription/manage?token=secret-token&log");
      expect(id).toBe(2);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        msg: "something to say",
        req: { id: 2, method: "GET", url: "/subscription/manage?token=[redacted]&log" },
      });
      expect(JSON.stringify(lines)).not.toContain("secret-token");
    } finally {
      close();
    }
  });

  it("makes the logger only for a request that logs", async () => {
    const { get, children, close } = await app();
    try {
      for (let i = 0; i < 5; i++) await get("/product-search?q=tee");
      expect(children()).toBe(0);
      await get("/about?log");
      expect(children()).toBe(1);
    } finally {
      close();
    }
  });
});
