import { readFileSync, readdirSync } from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startServerOnPostgres } from "../support/postgres-server";
import type { RunningServer } from "../support/server";

// Issue 24: with PostgreSQL the catalogue's pages render on a thread of their own, at a lower
// priority than the thread that answers everything else (server/catalogue-thread.ts).
let server: RunningServer;
beforeAll(async () => {
  // The default with PostgreSQL: one process, with a catalogue thread per core (two here).
  server = await startServerOnPostgres({ CATALOGUE_THREADS: "2", LOG_LEVEL: "info" });
});
afterAll(() => server?.stop());

const search = "/product-search?q=tee&sort=price-asc";

/** The page and its Content-Security-Policy nonce, with the nonce taken out of the page. */
async function page(path: string) {
  const response = await fetch(server.url + path);
  const body = await response.text();
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  return { response, nonce, body: nonce ? body.replaceAll(nonce, "NONCE") : body };
}

/** The nice value of each of the server's threads (Linux). */
function threadNiceValues(pid: number) {
  return readdirSync(`/proc/${pid}/task`).map((thread) => {
    const stat = readFileSync(`/proc/${pid}/task/${thread}/stat`, "utf8");
    // Fields after the command's closing parenthesis; the nice value is the 19th field.
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
  });
}

const started = (output: string) => output.match(/catalogue thread started/g)?.length ?? 0;

it("renders the first search on the main thread and the next ones on the catalogue threads, at a lower priority", async () => {
  expect(server.output()).not.toMatch(/started worker processes/);
  expect(started(server.output())).toBe(0);
  const first = await page(search);
  expect(first.response.status).toBe(200);
  await expect.poll(() => started(server.output()), { timeout: 30_000 }).toBe(2);

  const threaded = await page(search);
  expect(threaded.response.status).toBe(200);
  // The same page, with the main thread's headers and its nonce on the page's scripts.
  expect(threaded.nonce).toBeTruthy();
  expect(threaded.nonce).not.toBe(first.nonce);
  expect(threaded.body).toContain('nonce="NONCE"');
  expect(threaded.body).toBe(first.body);
  expect(threaded.response.headers.get("content-type")).toBe("text/html; charset=utf-8");
  expect(threaded.response.headers.get("x-content-type-options")).toBe("nosniff");

  const nice = threadNiceValues(server.pid);
  expect(nice[0]).toBe(0); // the main thread
  expect(nice.filter((value) => value === 10).length).toBeGreaterThanOrEqual(2);
});

it("answers searches side by side, a search whose visitor left, and a product that does not exist", async () => {
  const gone = new AbortController();
  const left = fetch(server.url + "/product-search?q=hoodie", { signal: gone.signal }).catch(
    () => "left",
  );
  gone.abort();
  expect(await left).toBe("left");

  const answers = await Promise.all(
    ["tee", "polo", "cap", "jacket", "fleece", "tote"].map(async (word) => {
      const response = await fetch(`${server.url}/product-search?q=${word}`);
      return { status: response.status, body: await response.text() };
    }),
  );
  for (const answer of answers) {
    expect(answer.status).toBe(200);
    expect(answer.body).toContain("</html>");
  }
  const missing = await fetch(server.url + "/products/no-such-product");
  expect(missing.status).toBe(404);
  expect(await missing.text()).toContain("Oops! Page not found");
  // A compressed answer, as browsers ask.
  const compressed = await fetch(server.url + search, { headers: { "accept-encoding": "gzip" } });
  expect(compressed.headers.get("content-encoding")).toBe("gzip");
  expect(await compressed.text()).toContain("</html>");
  expect(server.output()).not.toMatch(/catalogue page failed|catalogue thread failed/);
});

it("stops the thread after its idle seconds and starts it again with the next catalogue page", async () => {
  const quick = await startServerOnPostgres({
    LOG_LEVEL: "info",
    CATALOGUE_THREADS: "1",
    CATALOGUE_THREAD_IDLE_SECONDS: "1",
  });
  try {
    const searched = await fetch(quick.url + search);
    expect(searched.status).toBe(200);
    await expect.poll(() => started(quick.output()), { timeout: 30_000 }).toBe(1);
    await expect
      .poll(() => quick.output(), { timeout: 30_000 })
      .toMatch(/catalogue thread stopped/);

    const again = await fetch(quick.url + search);
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("</html>");
    await expect.poll(() => started(quick.output()), { timeout: 30_000 }).toBe(2);
    expect(quick.output()).not.toMatch(/catalogue page failed|catalogue thread failed/);
  } finally {
    await quick.stop();
  }
});
