import { readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "~/platform/db/client.server";
import { contactMessages } from "~/platform/db/schema/index";
import { hydrated, launchBrowser } from "../support/browser";
import { type RunningServer, startServer } from "../support/server";
import { shots } from "../support/shots";

/** Sends raw bytes (request lines and headers no fetch would send) and returns the status line. */
function raw(url: string, text: string) {
  const { port } = new URL(url);
  return new Promise<{ status: number; head: string }>((resolve, reject) => {
    const socket = net.connect(Number(port), "127.0.0.1", () => socket.write(text));
    let received = "";
    socket.on("data", (chunk) => {
      received += chunk;
      if (received.includes("\r\n\r\n")) {
        socket.destroy();
        resolve({ status: Number(received.split(" ")[1]), head: received.split("\r\n\r\n")[0]! });
      }
    });
    socket.on("error", reject);
  });
}

/**
 * Streams `bytes` of form data to `path` (chunked unless `declare`), stopping as soon as the
 * server answers; resolves with the status, or 0 if the connection died without an answer.
 */
function bigPost(
  url: string,
  pathname: string,
  bytes: number,
  options: { declare?: boolean; prefix?: string; type?: string } = {},
) {
  return new Promise<number>((resolve) => {
    const request = http.request(`${url}${pathname}`, {
      method: "POST",
      headers: {
        "Content-Type": options.type ?? "application/x-www-form-urlencoded",
        Origin: url,
        ...(options.declare ? { "Content-Length": String(bytes) } : {}),
      },
    });
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on("error", () => {
      if (!answered) resolve(0);
    });
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    const pump = () => {
      if (answered || request.destroyed) return;
      if (sent === 0 && options.prefix) {
        request.write(options.prefix);
        sent += options.prefix.length;
      }
      while (sent < bytes && !answered) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      request.end();
    };
    pump();
  });
}

function rssMb(pid: number) {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return Number(line![1]) / 1024;
}

describe("the production server against malformed and oversized requests", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ env: { LOG_LEVEL: "info" } });
  }, 90_000);
  afterAll(() => server?.stop());

  it("answers TRACE with 405 and Allow", async () => {
    const { status, head } = await raw(server.url, "TRACE / HTTP/1.1\r\nHost: localhost\r\n\r\n");
    expect(status).toBe(405);
    expect(head).toMatch(/\r\nallow: GET, HEAD\r\n/i);
  });

  it.each([
    ["PUT", "/checkout?plan=pro", 405, "GET, HEAD, POST"],
    ["PATCH", "/admin/auth", 405, "GET, HEAD, POST"],
    ["DELETE", "/resources/contact", 405, "GET, HEAD, POST"],
    ["PUT", "/webhooks/stripe", 405, "POST"],
  ])("answers %s %s with %i and Allow: %s", async (method, pathname, status, allow) => {
    const response = await fetch(`${server.url}${pathname}`, { method });
    expect(response.status).toBe(status);
    expect(response.headers.get("allow")).toBe(allow);
  });

  it.each([
    ["text/plain", "/checkout?plan=pro&interval=annual", "email=a@b.co"],
    ["application/json", "/admin/auth", '{"email":"a"}'],
    [null, "/checkout?plan=pro&interval=annual", ""],
    [null, "/admin/auth", ""],
  ])("answers a %s post to %s with 415", async (type, pathname, body) => {
    const response = await fetch(`${server.url}${pathname}`, {
      method: "POST",
      headers: { Origin: server.url, ...(type ? { "Content-Type": type } : {}) },
      body: type ? body : undefined,
    });
    expect(response.status).toBe(415);
  });

  it.each([
    [
      "an absolute-URI request line",
      400,
      "GET http://evil.example/ HTTP/1.1\r\nHost: evil.example\r\n\r\n",
    ],
    ["a malformed Host", 400, "GET / HTTP/1.1\r\nHost: exa mple/../\r\n\r\n"],
    ["a Host with a path", 400, "GET / HTTP/1.1\r\nHost: evil.example/x\r\n\r\n"],
    ["OPTIONS *", 204, "OPTIONS * HTTP/1.1\r\nHost: localhost\r\n\r\n"],
    [
      "a null byte in a session id",
      400,
      "GET /checkout/test-payment/cs_%00x HTTP/1.1\r\nHost: localhost\r\n\r\n",
    ],
    ["a broken escape in the path", 400, "GET /about%zz HTTP/1.1\r\nHost: localhost\r\n\r\n"],
    [
      "a broken escape in a page's data request",
      400,
      "GET /pricing.data?_routes=root%zz HTTP/1.1\r\nHost: localhost\r\n\r\n",
    ],
    [
      "a null byte in a page's data request",
      400,
      "GET /pricing.data?_routes=root%00 HTTP/1.1\r\nHost: localhost\r\n\r\n",
    ],
  ])("answers %s with %i", async (_name, status, text) => {
    expect((await raw(server.url, text)).status).toBe(status);
  });

  it("takes a null byte in a form field without a 5xx", async () => {
    const post = (pathname: string, fields: Record<string, string>) =>
      fetch(`${server.url}${pathname}`, {
        method: "POST",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
        redirect: "manual",
      });
    const contact = await post("/resources/contact", {
      name: "Nul\0l",
      email: "nul@example.com",
      message: "Hi\0",
      enhanced: "1",
    });
    // Refused at the boundary in the field's words, never a database error (issue 22, fix 5).
    expect(contact.status).toBe(400);
    expect(await contact.text()).toContain("Name cannot contain control characters.");
    const checkout = await post("/checkout?plan=pro&interval=annual", {
      email: "a\0b@example.com",
    });
    expect(checkout.status).toBe(400);
    expect(await checkout.text()).toContain("Email cannot contain control characters.");
    const coupon = await post("/checkout?plan=pro&interval=annual", {
      intent: "apply-coupon",
      couponCode: "SAVE\0",
    });
    expect(coupon.status).toBe(400);
  });

  it("marks every admin and tool response, and anything with a session, private and not stored", async () => {
    for (const pathname of [
      "/admin/auth",
      "/admin",
      "/admin/faqs",
      "/test-email",
      "/shop-now",
      "/products/sanmar",
      "/product-data-sync",
    ]) {
      const response = await fetch(`${server.url}${pathname}`, { redirect: "manual" });
      expect(response.headers.get("cache-control"), pathname).toBe("private, no-store");
    }
    const withSession = await fetch(`${server.url}/about`, {
      headers: { Cookie: "better-auth.session_token=whatever" },
    });
    expect(withSession.headers.get("cache-control")).toBe("private, no-store");
    const anonymous = await fetch(`${server.url}/about`);
    expect(anonymous.headers.get("cache-control")).not.toBe("private, no-store");
  });

  it("refuses a body over its route's limit with 413, declared or streamed, and stores nothing", async () => {
    expect(
      await bigPost(server.url, "/resources/contact", 100 * 1024 * 1024, { declare: true }),
    ).toBe(413);
    expect(
      await bigPost(server.url, "/webhooks/stripe", 2 * 1024 * 1024, {
        declare: true,
        type: "application/json",
      }),
    ).toBe(413);
    const prefix = "enhanced=1&name=Big&email=big%40example.com&phone=&message=";
    expect(await bigPost(server.url, "/resources/contact", 2 * 1024 * 1024, { prefix })).toBe(413);
    expect(
      await bigPost(server.url, "/admin/auth", 1024 * 1024, { prefix: "email=a%40b.co&password=" }),
    ).toBe(413);
    // Within the limit the same form is taken.
    const small = await fetch(`${server.url}/resources/contact`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: prefix.replace("big%40", "small%40") + "hello",
    });
    expect(small.status).toBe(200);
  });

  it("keeps memory flat and /healthz quick under 8 parallel 100 MB posts", async () => {
    const before = rssMb(server.pid);
    let peak = before;
    let slowestHealth = 0;
    const healthTimes: number[] = [];
    const sampling = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 50);
    const health = (async () => {
      for (let i = 0; i < 10; i++) {
        const t = Date.now();
        await fetch(`${server.url}/healthz`);
        slowestHealth = Math.max(slowestHealth, Date.now() - t);
        healthTimes.push(Date.now() - t);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const statuses = await Promise.all(
      [
        "/resources/contact",
        "/checkout?plan=pro",
        "/admin/auth",
        "/webhooks/stripe",
        "/",
        "/about",
        "/resources/contact",
        "/checkout?plan=pro",
      ].map((pathname, i) =>
        bigPost(server.url, pathname, 100 * 1024 * 1024, {
          declare: i % 2 === 0,
          type: pathname === "/webhooks/stripe" ? "application/json" : undefined,
        }),
      ),
    );
    await health;
    clearInterval(sampling);
    // Pages without a form answer 405 before reading a byte; the forms and the webhook, 413.
    expect(statuses).toEqual([413, 413, 413, 413, 413, 405, 413, 413]);
    expect(peak - before).toBeLessThan(64);
    // The median is the goal's 1 s with room to spare; the worst case gets slack for a shared,
    // overloaded test machine (one run at load 16 on 2 cores saw a single 1.5 s answer).
    healthTimes.sort((a, b) => a - b);
    expect(healthTimes[Math.floor(healthTimes.length / 2)]!).toBeLessThan(500);
    expect(slowestHealth).toBeLessThan(3000);
  }, 60_000);

  it("logs JSON only, with no visitor's data and no plain stack traces", async () => {
    const contactLines = () =>
      server
        .output()
        .split("\n")
        .filter((line) => line.includes("/resources/contact")).length;
    const before = contactLines();
    await fetch(`${server.url}/resources/contact`, {
      method: "POST",
      headers: {
        Origin: server.url,
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: "better-auth.session_token=secret-cookie",
      },
      body: "enhanced=1&name=Logged+Person&email=logged%40person.example&message=private+words",
    });
    // The request's log line is written once the answer has gone out.
    await vi.waitFor(() => expect(contactLines()).toBeGreaterThan(before), { timeout: 10_000 });
    const lines = server.output().trim().split("\n");
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    const text = server.output();
    for (const secret of [
      "Logged Person",
      "logged@person.example",
      "private words",
      "secret-cookie",
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it("stored none of the refused bodies", async () => {
    const code = await server.stop();
    expect(code).toBe(0);
    const database = await openDatabase({ dataDir: path.join(server.dataDir, "pglite") });
    const rows = await database.db.select({ email: contactMessages.email }).from(contactMessages);
    await database.close();
    expect(rows.map((r) => r.email).sort()).toEqual(["logged@person.example", "small@example.com"]);
  });
});

describe("a forged X-Forwarded-For with TRUST_PROXY set as the README says", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ env: { TRUST_PROXY: "1" } });
  }, 90_000);
  afterAll(() => server?.stop());

  /** The visitor writes any left part; the proxy in front appends the address it saw. */
  let forged = 0;
  const post = (pathname: string, fields: Record<string, string>) =>
    fetch(`${server.url}${pathname}`, {
      method: "POST",
      headers: {
        Origin: server.url,
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Forwarded-For": `10.9.${++forged % 250}.${forged % 200}, 203.0.113.50`,
      },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });

  it("holds the sign-in limit", async () => {
    const answers = [];
    for (let i = 0; i < 7; i++) {
      answers.push(
        await (
          await post("/admin/auth", {
            // One guess per account: the per-address limit is the one under test.
            email: `nobody${i}@example.com`,
            password: `wrong-password-${i}`,
          })
        ).text(),
      );
    }
    expect(answers.slice(0, 5).every((html) => html.includes("Invalid email or password"))).toBe(
      true,
    );
    expect(
      answers
        .slice(5)
        .every((html) => /Too many sign-in attempts\. Try again in \d+ seconds\./.test(html)),
    ).toBe(true);
  });

  it("holds the limit per account whatever the address (ADR 019)", async () => {
    const answers = [];
    for (let i = 0; i < 5; i++) {
      // Each guess from another address as the proxy saw it, so the per-address limit (which the
      // test above used up for 203.0.113.50) never answers first.
      const response = await fetch(`${server.url}/admin/auth`, {
        method: "POST",
        headers: {
          Origin: server.url,
          "Content-Type": "application/x-www-form-urlencoded",
          "X-Forwarded-For": `198.51.100.${i + 1}`,
        },
        body: new URLSearchParams({ email: "target@example.com", password: `wrong-password-${i}` }),
        redirect: "manual",
      });
      answers.push(await response.text());
    }
    expect(answers.slice(0, 4).every((html) => html.includes("Invalid email or password"))).toBe(
      true,
    );
    // Five seconds after the fourth wrong password, less the time the fifth took to arrive.
    expect(answers[4]).toMatch(/Too many sign-in attempts\. Try again in [1-5] seconds\./);
  });

  it("holds the contact limit", async () => {
    const statuses = [];
    for (let i = 0; i < 7; i++) {
      statuses.push(
        (
          await post("/resources/contact", {
            enhanced: "1",
            name: "F",
            email: `f${i}@example.com`,
            message: "x",
          })
        ).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it("holds the coupon and checkout limits", async () => {
    const coupons = [];
    for (let i = 0; i < 11; i++) {
      coupons.push(
        (
          await post("/checkout?plan=pro&interval=annual", {
            intent: "apply-coupon",
            couponCode: `GUESS${i}`,
          })
        ).status,
      );
    }
    expect(coupons.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(coupons[10]).toBe(429);
    const checkouts = [];
    for (let i = 0; i < 11; i++) {
      checkouts.push(
        (
          await post("/checkout?plan=pro&interval=annual", {
            email: `c${i}@example.com`,
            respond: "json",
          })
        ).status,
      );
    }
    expect(checkouts.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(checkouts[10]).toBe(429);
  });

  it("tells a person locked out of the sign-in page how long to wait (issue 21 item 14)", async () => {
    const browser = await launchBrowser();
    try {
      // One address of its own, as the proxy saw it, so the tests above do not count here.
      const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        extraHTTPHeaders: { "X-Forwarded-For": "192.0.2.14" },
      });
      const page = await context.newPage();
      await page.goto(server.url + "/admin/auth");
      await hydrated(page);
      const lockout = page.getByText(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/);
      for (let i = 0; i < 6 && !(await lockout.count()); i++) {
        await page.getByLabel("Email").fill("owner@example.com");
        await page.getByLabel("Password").fill(`wrong-password-${i}`);
        await page.getByRole("button", { name: "Log in" }).click();
        // The answer is in when the button reads 'Log in' again and a message shows.
        await page.getByRole("button", { name: "Log in" }).waitFor();
        await page
          .getByText(/Invalid email or password|Too many sign-in attempts/)
          .first()
          .waitFor();
      }
      await lockout.waitFor();
      await shots(page, "14-sign-in-lockout");
      await context.close();
    } finally {
      await browser.close();
    }
  });
});

describe("the log under hostile requests (issue 22)", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ env: { LOG_LEVEL: "info" } });
  }, 90_000);
  afterAll(() => server?.stop());

  it("never writes a token, a checkout session or an email from an address", async () => {
    const secrets = [
      "Tok3nSecretValue1234",
      "cs_test_SessionSecret99",
      "jane.secret@buyer.example",
    ];
    for (const path of [
      `/subscription/manage?token=${secrets[0]}`,
      `/subscription/manage?token=${secrets[0]}&plan=pro`,
      `/checkout-success?session_id=${secrets[1]}`,
      `/checkout/test-payment/${secrets[1]}`,
      `/product-search?q=${encodeURIComponent(secrets[2]!)}`,
      `/nope/${secrets[2]}`,
    ]) {
      await fetch(server.url + path, { redirect: "manual" });
      await fetch(server.url + path, {
        method: "POST",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: "intent=cancel",
        redirect: "manual",
      });
    }
    await expect.poll(() => server.output()).toContain("token=[redacted]");
    for (const secret of secrets) {
      expect(server.output()).not.toContain(secret);
      expect(server.output()).not.toContain(encodeURIComponent(secret));
    }
  });

  it("writes under 100 bytes per refused cross-site post, none at error and no stack", async () => {
    const before = server.output().length;
    const routes = [
      "/",
      "/checkout?plan=pro&interval=annual",
      "/admin/auth",
      "/subscription/manage?token=x",
      "/resources/chat",
      "/resources/contact",
    ];
    const count = 1_200;
    let next = 0;
    const statuses = new Set<number>();
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < count) {
          const route = routes[next++ % routes.length]!;
          const response = await fetch(server.url + route, {
            method: "POST",
            headers: {
              Origin: "https://evil.example",
              "Content-Type": "application/x-www-form-urlencoded",
            },
            body: "email=a%40b.example&password=x",
            redirect: "manual",
          });
          await response.arrayBuffer();
          statuses.add(response.status);
        }
      }),
    );
    expect([...statuses].every((status) => status >= 300 && status < 500)).toBe(true);
    const written = server.output().slice(before);
    expect(written.length).toBeLessThan(100 * count);
    expect(written).not.toMatch(/"level":50|"stack"/);
    expect(written).toContain('"dropped":');
  }, 120_000);
});

describe("a buyer's pages (issue 22, fix 6)", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  }, 90_000);
  afterAll(() => server?.stop());

  it.each([
    "/subscription/manage?token=abc",
    "/subscription/manage.data?token=abc",
    "/checkout-success?session_id=cs_test_abc",
    "/checkout/test-payment/cs_test_abc",
    "/checkout?plan=pro&interval=annual",
  ])("%s is never stored and sends no Referer", async (pathname) => {
    const response = await fetch(server.url + pathname, { redirect: "manual" });
    await response.arrayBuffer();
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
  });

  it("leaves public pages as they were", async () => {
    const response = await fetch(`${server.url}/pricing`);
    await response.arrayBuffer();
    expect(response.headers.get("cache-control")).not.toContain("no-store");
    expect(response.headers.get("referrer-policy")).toBe("same-origin");
  });

  it("takes a form posted from such a page without JavaScript (Origin: null, same-origin)", async () => {
    const post = (site: string) =>
      fetch(`${server.url}/subscription/manage?token=not-a-real-token`, {
        method: "POST",
        headers: {
          Origin: "null",
          "Sec-Fetch-Site": site,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: "intent=cancel",
        redirect: "manual",
      });
    const crossSite = await post("cross-site");
    expect(crossSite.status).toBe(400);
    const sameSite = await post("same-origin");
    expect(sameSite.status).not.toBe(400);
    expect(sameSite.status).toBeLessThan(500);
  });
});
