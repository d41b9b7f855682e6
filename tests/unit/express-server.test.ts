import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createExpressServer } from "../../server/express-server";

let close: (() => Promise<void>) | undefined;
afterEach(() => close?.());

async function listen(app: express.Express) {
  const server = createExpressServer(app);
  // Seen before Express's own listener: the objects as Node's server made them.
  const born: boolean[] = [];
  server.prependListener("request", (req, res) => {
    born.push(
      Object.getPrototypeOf(req) === app.request && Object.getPrototypeOf(res) === app.response,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  close = () => new Promise((resolve) => server.close(() => resolve()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, born };
}

describe("createExpressServer", () => {
  it("makes requests and responses with the app's prototypes, so Express has none to swap", async () => {
    const app = express();
    app.get("/echo", (req, res) => {
      res
        .status(201)
        .set("X-Echo", req.get("x-test") ?? "")
        .json({ q: req.query.q, path: req.path, sameApp: req.app === app && res.app === app });
    });
    const { url, born } = await listen(app);

    const answer = await fetch(`${url}/echo?q=tee`, { headers: { "X-Test": "yes" } });
    expect(answer.status).toBe(201);
    expect(answer.headers.get("x-echo")).toBe("yes");
    expect(await answer.json()).toEqual({ q: "tee", path: "/echo", sameApp: true });

    const missing = await fetch(`${url}/nowhere`);
    expect(missing.status).toBe(404);
    expect(born).toEqual([true, true]);
  });
});
