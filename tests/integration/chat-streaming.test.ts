import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import compression from "compression";
import express from "express";
import { describe, expect, it } from "vitest";
import { CHAT_STREAM_HEADERS, streamText } from "~/capabilities/chat/chat-request.server";

describe("a streamed chat answer behind the server's compression", () => {
  it("reaches the visitor delta by delta, not when the answer is complete", async () => {
    let releaseRest!: () => void;
    const rest = new Promise<void>((resolve) => (releaseRest = resolve));
    async function* answer() {
      yield "First words. ";
      await rest;
      yield "The rest.";
    }
    const app = express();
    app.use(compression());
    app.get("/chat", (_req, res) => {
      res.set(CHAT_STREAM_HEADERS);
      Readable.fromWeb(streamText(answer()) as never).pipe(res);
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const received = await new Promise<string[]>((resolve, reject) => {
        http
          .get(
            { port, host: "127.0.0.1", path: "/chat", headers: { "accept-encoding": "gzip" } },
            (res) => {
              expect(res.headers["content-encoding"]).toBeUndefined();
              const parts: string[] = [];
              res.on("data", (part: Buffer) => {
                parts.push(part.toString());
                // Only once the first words have arrived does the model "write" the rest.
                if (parts.length === 1) releaseRest();
              });
              res.on("end", () => resolve(parts));
            },
          )
          .on("error", reject);
      });
      expect(received[0]).toBe("First words. ");
      expect(received.join("")).toBe("First words. The rest.");
    } finally {
      server.close();
    }
  });
});
