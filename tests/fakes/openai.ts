import { type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** What the fake model does with the next requests. */
export type FakeModelBehaviour =
  /** Answers with the content the function returns for the request body. */
  | { kind: "answer"; content: (body: FakeChatRequest) => string }
  /** Answers 200 with text that is not the JSON asked for. */
  | { kind: "garbage" }
  /** Never answers (until the server closes). */
  | { kind: "timeout" }
  /** Streams the first `pieces` pieces of the content, then drops the connection. */
  | { kind: "cut"; content: string; pieces: number }
  /** Answers with an HTTP error. */
  | { kind: "error"; status: number };

export interface FakeChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  stream?: boolean;
  response_format?: { type: string };
}

/**
 * An OpenAI-compatible chat completions endpoint on loopback: plain and streamed (SSE) answers,
 * garbage, hangs and errors, recording every request and its Authorization header.
 */
export async function startFakeOpenAI(options: { apiKey?: string } = {}) {
  let behaviour: FakeModelBehaviour = { kind: "answer", content: () => "Hello" };
  const requests: (FakeChatRequest & { authorization?: string })[] = [];
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
        res.writeHead(404).end();
        return;
      }
      if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
        res.writeHead(401, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: "Incorrect API key provided" } }));
        return;
      }
      let body: FakeChatRequest;
      try {
        body = JSON.parse(raw);
      } catch {
        res.writeHead(400).end();
        return;
      }
      requests.push({ ...body, authorization: req.headers.authorization });
      if (behaviour.kind === "timeout") {
        hanging.add(res);
        return;
      }
      if (behaviour.kind === "error") {
        res.writeHead(behaviour.status, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: "upstream failure" } }));
        return;
      }
      if (behaviour.kind === "cut") {
        res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
        const pieces = (behaviour.content.match(/.{1,8}/gs) ?? []).slice(0, behaviour.pieces);
        for (const piece of pieces) {
          res.write(
            `data: ${JSON.stringify({ id: "chatcmpl-fake", object: "chat.completion.chunk", choices: [{ index: 0, delta: { content: piece } }] })}\n\n`,
          );
        }
        // Closed after what was written (no end of the chunked body): the client reads the
        // pieces, then the stream breaks off. A reset instead could drop unread pieces.
        res.socket?.end();
        return;
      }
      const content =
        behaviour.kind === "garbage"
          ? "Sure! Here are some great shirts :)"
          : behaviour.content(body);
      if (body.stream) {
        res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
        const pieces = content.match(/.{1,8}/gs) ?? [];
        for (const piece of pieces) {
          res.write(
            `data: ${JSON.stringify({ id: "chatcmpl-fake", object: "chat.completion.chunk", choices: [{ index: 0, delta: { content: piece } }] })}\n\n`,
          );
        }
        res.end("data: [DONE]\n\n");
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          id: "chatcmpl-fake",
          object: "chat.completion",
          model: body.model,
          choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    set(next: FakeModelBehaviour) {
      behaviour = next;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
