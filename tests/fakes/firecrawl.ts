import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeFirecrawlPage {
  url: string;
  title: string;
  markdown: string;
}

/**
 * Firecrawl's crawl API (v1) on 127.0.0.1: POST /v1/crawl starts a crawl, GET /v1/crawl/:id reports
 * progress, one page per poll, then the results in batches linked by `next`.
 */
export async function startFakeFirecrawl(options: {
  apiKey: string;
  pages: FakeFirecrawlPage[];
  /** Results per batch; more pages come through `next`. */
  batchSize?: number;
  failWith?: "failed" | 500;
}) {
  const requests: { method: string; path: string; body: unknown; authorization?: string }[] = [];
  const crawls = new Map<string, { polls: number }>();
  const batchSize = options.batchSize ?? 100;
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (part: Buffer) => (raw += part.toString()));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      requests.push({
        method: req.method ?? "",
        path: url.pathname + url.search,
        body: raw ? JSON.parse(raw) : null,
        authorization: req.headers.authorization,
      });
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${options.apiKey}`) {
        return reply(401, { success: false, error: "Unauthorized: Invalid token" });
      }
      if (options.failWith === 500) return reply(500, { success: false, error: "boom" });
      if (req.method === "POST" && url.pathname === "/v1/crawl") {
        const id = `crawl-${crawls.size + 1}`;
        crawls.set(id, { polls: 0 });
        return reply(200, { success: true, id, url: `${origin()}/v1/crawl/${id}` });
      }
      const match = /^\/v1\/crawl\/([\w-]+)$/.exec(url.pathname);
      const crawl = match ? crawls.get(match[1]!) : undefined;
      if (req.method === "GET" && crawl) {
        const total = options.pages.length;
        const skip = Number(url.searchParams.get("skip") ?? 0);
        if (!skip) crawl.polls++;
        const completed = Math.min(crawl.polls, total);
        if (options.failWith === "failed" && completed >= 1) {
          return reply(200, { success: true, status: "failed", completed, total, data: [] });
        }
        if (completed < total) {
          return reply(200, { success: true, status: "scraping", completed, total, data: [] });
        }
        const data = options.pages.slice(skip, skip + batchSize).map((page) => ({
          markdown: page.markdown,
          metadata: { sourceURL: page.url, title: page.title, statusCode: 200 },
        }));
        const next =
          skip + batchSize < total
            ? `${origin()}/v1/crawl/${match![1]}?skip=${skip + batchSize}`
            : null;
        return reply(200, { success: true, status: "completed", completed, total, data, next });
      }
      reply(404, { success: false, error: "Not found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  function origin() {
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  return {
    url: origin(),
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
