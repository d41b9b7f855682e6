/**
 * `npm run fuzz` — malformed and hostile requests against a running server, on loopback only.
 *
 *   npm run fuzz -- http://127.0.0.1:3000 --log server.log   # a server you started, its stdout in server.log
 *   npm run fuzz -- --start                                  # starts the production build on a temp DATA_DIR
 *
 * Options: --count N (default 4000), --seconds S (default 180), --hostile N (default 10000).
 * Prints the responses with a 5xx, bodies with a stack trace or SQL, log lines that are not JSON,
 * personal data found in the log (every form it posts carries marked name, email, phone and
 * message values), secrets found in the log (marked tokens and checkout sessions in addresses),
 * and the log bytes written for N cross-site form posts (goal: under 1 MB per 10,000).
 */
import { readFileSync, statSync } from "node:fs";
import net from "node:net";
import Stripe from "stripe";
import { startServer } from "../tests/support/server";

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? undefined : args[i + 1];
};
const maxCount = Number(option("count") ?? 4000);
const maxSeconds = Number(option("seconds") ?? 180);
const hostileCount = Number(option("hostile") ?? 10_000);

const PII = {
  name: "Zebulon Fuzzington",
  email: "zebulon.fuzz@pii.example",
  phone: "513-555-0177",
  message: "fuzz secret message text",
};

/** Values that authorise or identify a buyer, sent in addresses: none may reach the log. */
const SECRETS = {
  token: "fuzzTok3nSecret0001",
  session: "cs_test_fuzzSecret0002",
  email: "fuzz.secret@buyer.example",
};

const PAGES = [
  `/subscription/manage?token=${SECRETS.token}`,
  `/checkout-success?session_id=${SECRETS.session}`,
  `/checkout/test-payment/${SECRETS.session}`,
  `/product-search?q=${encodeURIComponent(SECRETS.email)}`,
  "/",
  "/about",
  "/webstores",
  "/bulk-orders",
  "/pricing",
  "/checkout?plan=pro&interval=annual",
  "/checkout-success?session_id=cs_test_x",
  "/checkout/test-payment/cs_test_x",
  "/product-search",
  "/version-one",
  "/privacy-policy",
  "/terms-of-service",
  "/signco-transition",
  "/robots.txt",
  "/sitemap.xml",
  "/resources/contact",
  "/webhooks/stripe",
  "/admin/auth",
  "/admin",
  "/admin/faqs",
  "/shop-now",
  "/products/sanmar",
  "/product-data-sync",
  "/test-email",
  "/healthz",
  "/nope",
  "/media/does-not-exist.png",
  "/assets/nope.js",
];
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const QUERY_MUTATIONS = [
  "",
  "?%00",
  "?x=%00",
  "?plan=%00",
  "?plan=pro&interval=%ff",
  "?redirectTo=%2F%5Cevil.example",
  "?redirectTo=%2F%09%2Fevil.example",
  "?redirectTo=https://evil.example",
  "?session_id=%00",
  `?q=${"a".repeat(8000)}`,
  "?a[b][c]=1",
  "?%E0%A4%A",
  "?contact=%3Cscript%3E",
];
const FORM_BODIES: [string, string][] = [
  ["application/x-www-form-urlencoded", new URLSearchParams({ ...PII, enhanced: "1" }).toString()],
  [
    "application/x-www-form-urlencoded",
    new URLSearchParams({ ...PII, name: `${PII.name}\0`, enhanced: "1" }).toString(),
  ],
  [
    "application/x-www-form-urlencoded",
    new URLSearchParams({ email: `${PII.email}\0`, intent: "pay", respond: "json" }).toString(),
  ],
  [
    "application/x-www-form-urlencoded",
    new URLSearchParams({ intent: "apply-coupon", couponCode: "X\0'; drop table" }).toString(),
  ],
  [
    "application/x-www-form-urlencoded",
    new URLSearchParams({ email: PII.email, password: "wrong password 1" }).toString(),
  ],
  [
    "application/x-www-form-urlencoded",
    new URLSearchParams({ appliedCoupon: "{not json", email: PII.email }).toString(),
  ],
  ["application/x-www-form-urlencoded", "%%%=%&&=="],
  ["application/x-www-form-urlencoded", ""],
  [
    "multipart/form-data; boundary=x",
    '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nbroken',
  ],
  ["multipart/form-data", "no boundary"],
  ["application/json", JSON.stringify(PII)],
  ["text/plain", PII.message],
  ["", ""],
];

async function main() {
  let base = args.find((a) => a.startsWith("http"));
  const logFile = option("log");
  let stop: (() => Promise<unknown>) | undefined;
  let output: (() => string) | undefined;
  if (args.includes("--start")) {
    const server = await startServer({
      env: { LOG_LEVEL: "info", STRIPE_WEBHOOK_SECRET: "whsec_fuzz_secret" },
    });
    base = server.url;
    stop = () => server.stop();
    output = server.output;
  }
  if (!base) throw new Error("give a server URL (http://127.0.0.1:PORT) or --start");
  const url = new URL(base);
  if (!["127.0.0.1", "localhost", "[::1]"].includes(url.hostname)) {
    throw new Error("the fuzz runs against loopback only (127.0.0.1, localhost, [::1])");
  }

  let deadline = Date.now() + maxSeconds * 1000;
  // The cross-site posts (section 1) are measured apart: they count toward neither budget.
  let budgetBase = 0;
  const results = {
    requests: 0,
    status5xx: [] as string[],
    leaky: [] as string[],
    offSite: [] as string[],
    byStatus: new Map<number, number>(),
  };
  const record = (label: string, status: number, body: string) => {
    results.requests += 1;
    results.byStatus.set(status, (results.byStatus.get(status) ?? 0) + 1);
    if (status >= 500) results.status5xx.push(`${status} ${label}`);
    if (
      /\n\s+at .+\(.+:\d+:\d+\)|node_modules\/|Failed query|syntax error at|insert into "|select .+ from "/i.test(
        body,
      )
    ) {
      results.leaky.push(`${status} ${label}`);
    }
  };
  const budgetLeft = () => results.requests - budgetBase < maxCount && Date.now() < deadline;
  const logBytes = () =>
    output ? Buffer.byteLength(output()) : logFile ? statSync(logFile).size : Number.NaN;

  async function send(
    method: string,
    path: string,
    init: { headers?: Record<string, string>; body?: string } = {},
  ) {
    if (!budgetLeft()) return;
    const label = `${method} ${path.slice(0, 80)} ${JSON.stringify(init.headers ?? {}).slice(0, 80)}`;
    try {
      const response = await fetch(base + path, {
        method,
        headers: { Origin: base!, ...init.headers },
        body: method === "GET" || method === "HEAD" ? undefined : init.body,
        redirect: "manual",
        signal: AbortSignal.timeout(15_000),
      });
      record(label, response.status, method === "HEAD" ? "" : await response.text());
      // A redirect may go to this site or to Stripe's checkout page, nowhere else.
      const location = response.headers.get("location");
      if (location) {
        const target = new URL(location, base).origin;
        if (target !== new URL(base!).origin && target !== "https://checkout.stripe.com")
          results.offSite.push(`${label} -> ${location}`);
      }
    } catch (error) {
      record(`${label} (${(error as Error).message})`, 599, "");
    }
  }

  function sendRaw(text: string) {
    if (!budgetLeft()) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const socket = net.connect(Number(url.port), "127.0.0.1", () => socket.write(text));
      let received = "";
      const done = () => {
        const status = Number(received.split(" ")[1]) || 0;
        // Node's own parser answers a request it cannot read with 400 and closes; no answer at all is a failure.
        record(`raw ${JSON.stringify(text.slice(0, 60))}`, status || 599, received);
        resolve();
      };
      socket.setTimeout(10_000, () => socket.destroy());
      socket.on("data", (chunk) => (received += chunk));
      socket.on("close", done);
      socket.on("error", () => {});
    });
  }

  // 1. Cross-site form posts, 8 at a time, the log's growth measured (they must not fill it).
  const hostileRoutes = [
    "/",
    "/checkout?plan=pro&interval=annual",
    "/admin/auth",
    `/subscription/manage?token=${SECRETS.token}`,
    "/resources/chat",
    "/resources/contact",
  ];
  const logBefore = logBytes();
  const hostileStarted = Date.now();
  let hostileSent = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (hostileSent < hostileCount) {
        const route = hostileRoutes[hostileSent++ % hostileRoutes.length]!;
        const label = `POST ${route} (foreign Origin)`;
        try {
          const response = await fetch(base + route, {
            method: "POST",
            headers: {
              Origin: "https://evil.example",
              "Content-Type": "application/x-www-form-urlencoded",
            },
            body: new URLSearchParams({ ...PII, password: "x" }).toString(),
            redirect: "manual",
            signal: AbortSignal.timeout(15_000),
          });
          record(label, response.status, await response.text());
        } catch (error) {
          record(`${label} (${(error as Error).message})`, 599, "");
        }
      }
    }),
  );
  // The sampler writes a window's count up to a second after its last event.
  await new Promise((r) => setTimeout(r, 1_500));
  const hostileLogBytes = logBytes() - logBefore;
  const hostileSeconds = (Date.now() - hostileStarted) / 1000;
  deadline = Date.now() + maxSeconds * 1000;
  budgetBase = results.requests;

  // 2. Every form route with every body and content type.
  for (const page of [
    "/resources/contact",
    "/checkout?plan=pro&interval=annual",
    "/admin/auth",
    "/checkout/test-payment/cs_test_x",
    "/",
    "/admin/faqs",
    "/test-email",
  ]) {
    for (const [type, body] of FORM_BODIES) {
      await send("POST", page, { headers: type ? { "Content-Type": type } : {}, body });
      await send("POST", page, {
        headers: { ...(type ? { "Content-Type": type } : {}), "X-Forwarded-For": "1.2.3.4" },
        body,
      });
    }
  }
  // 2b. A null byte (and other control characters) in every field of every form and JSON body:
  // a 400 in the field's words, never a 5xx or a database error in the log.
  const formRoutes: [string, Record<string, string>][] = [
    ["/resources/contact", { ...PII, enhanced: "1" }],
    ["/checkout?plan=pro&interval=annual", { intent: "apply-coupon", couponCode: "SAVE10" }],
    ["/checkout?plan=pro&interval=annual", { intent: "pay", email: PII.email }],
    ["/admin/auth", { email: PII.email, password: "wrong password" }],
    ["/resources/chat", { intent: "message", sessionId: "x", message: PII.message }],
    [`/subscription/manage?token=${SECRETS.token}`, { intent: "cancel" }],
    [`/checkout/test-payment/${SECRETS.session}`, { cardNumber: "4242424242424242" }],
  ];
  for (const [route, fields] of formRoutes) {
    for (const field of Object.keys(fields)) {
      for (const control of ["\0", "\u001b", "\u007f"]) {
        const withControl = { ...fields, [field]: `${fields[field]}${control}` };
        await send("POST", route, {
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(withControl).toString(),
        });
      }
    }
  }
  const couponTerms = {
    discountPercentage: 10,
    discountAmountCents: null,
    firstTransactionOnly: false,
  };
  const jsonBodies: [string, Record<string, unknown>][] = [
    ["/resources/chat", { intent: "message", sessionId: "x", message: PII.message }],
    ["/resources/chat", { intent: "details", sessionId: "x", name: PII.name, email: PII.email }],
    ["/resources/contact", { ...PII, enhanced: "1" }],
  ];
  for (const [route, body] of jsonBodies) {
    for (const field of Object.keys(body)) {
      await send("POST", route, {
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ ...body, [field]: `${String(body[field])}\0` }),
      });
    }
  }
  for (const code of ["SAVE\0", "SAVE\u0001", "\0"]) {
    await send("POST", "/checkout?plan=pro&interval=annual", {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        intent: "pay",
        email: PII.email,
        appliedCoupon: JSON.stringify({ code, ...couponTerms }),
      }).toString(),
    });
  }

  // 2c. Addresses that look like paths on this site and lead elsewhere in a browser: every
  // redirect that follows must stay on the site.
  const LINK_ENCODINGS = [
    "/\\evil.example",
    "/%5Cevil.example",
    "/\t/evil.example",
    "/%09/evil.example",
    "/\n/evil.example",
    "//evil.example",
    "/%2F/evil.example",
    "\\\\evil.example",
    "/.//evil.example",
    "/..//evil.example",
    "HTTPS://evil.example",
    "hTtP:evil.example",
    "javascript:alert(1)",
    "JaVa\tScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
  ];
  for (const link of LINK_ENCODINGS) {
    await send("POST", "/resources/contact", {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...PII, returnTo: link }).toString(),
    });
    await send("GET", `/admin/auth?redirectTo=${encodeURIComponent(link)}`);
    await send("POST", `/admin/auth?redirectTo=${encodeURIComponent(link)}`, {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: PII.email, password: "x", redirectTo: link }).toString(),
    });
  }

  // 3. Headers: forged proxies, odd cookies, odd accept, a huge header.
  const headerSets: Record<string, string>[] = [
    { "X-Forwarded-For": "not-an-ip" },
    { "X-Forwarded-Host": "evil.example/../" },
    { "X-Forwarded-Proto": "gopher" },
    { Cookie: "better-auth.session_token=%00%ff" },
    { Cookie: "=;;;==" },
    { Accept: "*/*;q=bogus" },
    { "Accept-Encoding": "br;q=2, gzip;q=-1" },
    { Range: "bytes=999999999-" },
    { "If-Modified-Since": "yesterday" },
    { "X-Long": "a".repeat(12_000) },
  ];
  for (const headers of headerSets) {
    for (const page of PAGES) await send("GET", page, { headers });
  }
  // 4. Request lines and Host headers no browser sends.
  for (const line of [
    "GET http://evil.example/ HTTP/1.1\r\nHost: evil.example\r\n\r\n",
    "OPTIONS * HTTP/1.1\r\nHost: localhost\r\n\r\n",
    "TRACE / HTTP/1.1\r\nHost: localhost\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: exa mple\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: evil.example/x\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: [::1\r\n\r\n",
    "GET / HTTP/1.1\r\n\r\n",
    "GET /%00 HTTP/1.1\r\nHost: localhost\r\n\r\n",
    "GET /checkout/test-payment/cs_%00 HTTP/1.1\r\nHost: localhost\r\n\r\n",
    "GET //evil.example HTTP/1.1\r\nHost: localhost\r\n\r\n",
    "POST /resources/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 999999999\r\n\r\nname=",
    "POST /webhooks/stripe HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
    "BREW / HTTP/1.1\r\nHost: localhost\r\n\r\n",
    "GET / HTTP/9.9\r\nHost: localhost\r\n\r\n",
  ]) {
    await sendRaw(line);
  }
  // 5. The webhook: unsigned, badly signed, signed but malformed, signed outside the window.
  const secret = "whsec_fuzz_secret";
  for (const payload of [
    "{}",
    "{not json",
    JSON.stringify({ id: "evt_x", type: "checkout.session.completed" }),
    JSON.stringify({ id: "evt_y", type: "checkout.session.completed", data: { object: null } }),
    JSON.stringify({ id: "evt_z", type: "checkout.session.expired", data: { object: { id: 42 } } }),
    JSON.stringify({ id: "evt_w", type: "invoice.paid", data: { object: {} } }),
  ]) {
    for (const offset of [0, 400, -400]) {
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret,
        timestamp: Math.floor(Date.now() / 1000) + offset,
      });
      await send("POST", "/webhooks/stripe", {
        headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
        body: payload,
      });
    }
    await send("POST", "/webhooks/stripe", {
      headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=00" },
      body: payload,
    });
  }

  // Last, as the budget allows: every page, method and query mutation.
  for (const page of PAGES) {
    for (const method of METHODS) {
      for (const query of QUERY_MUTATIONS) {
        const path = page.includes("?") && query ? `${page}&${query.slice(1)}` : page + query;
        await send(method, path);
      }
    }
  }
  await new Promise((r) => setTimeout(r, 500));
  await stop?.();
  const log = output ? output() : logFile ? readFileSync(logFile, "utf8") : "";
  const lines = log.split("\n").filter((line) => line.trim());
  const nonJson = lines.filter((line) => {
    try {
      JSON.parse(line);
      return false;
    } catch {
      return true;
    }
  });
  const errorLines = lines.filter((line) => /"level":(50|60)/.test(line));
  const piiHits = lines.filter((line) => Object.values(PII).some((value) => line.includes(value)));
  const secretHits = lines.filter((line) =>
    Object.values(SECRETS).some(
      (value) => line.includes(value) || line.includes(encodeURIComponent(value)),
    ),
  );

  console.log(
    `fuzz against ${base}: ${results.requests - budgetBase} requests, after the cross-site posts, in ${Math.round((maxSeconds * 1000 - (deadline - Date.now())) / 1000)} s`,
  );
  console.log(
    `statuses: ${[...results.byStatus]
      .sort((a, b) => a[0] - b[0])
      .map(([s, n]) => `${s}×${n}`)
      .join(" ")}`,
  );
  console.log(`responses 5xx: ${results.status5xx.length}`);
  for (const line of results.status5xx.slice(0, 20)) console.log(`  ${line}`);
  console.log(`stack traces or SQL in bodies: ${results.leaky.length}`);
  for (const line of results.leaky.slice(0, 20)) console.log(`  ${line}`);
  console.log(`redirects off the site: ${results.offSite.length}`);
  for (const line of results.offSite.slice(0, 20)) console.log(`  ${line}`);
  if (output || logFile) {
    console.log(`log lines: ${lines.length}, not JSON: ${nonJson.length}`);
    for (const line of nonJson.slice(0, 10)) console.log(`  ${line.slice(0, 160)}`);
    console.log(`error lines in logs: ${errorLines.length}`);
    for (const line of errorLines.slice(0, 10)) console.log(`  ${line.slice(0, 300)}`);
    console.log(`personal data in logs: ${piiHits.length}`);
    for (const line of piiHits.slice(0, 10)) console.log(`  ${line.slice(0, 200)}`);
    console.log(`tokens, sessions or emails from addresses in logs: ${secretHits.length}`);
    for (const line of secretHits.slice(0, 10)) console.log(`  ${line.slice(0, 200)}`);
    console.log(
      `log bytes for ${hostileCount} cross-site posts (${hostileSeconds.toFixed(0)} s): ${hostileLogBytes} ` +
        `(${Math.round((hostileLogBytes / hostileCount) * 10_000)} per 10,000; goal < 1,000,000)`,
    );
  } else {
    console.log("personal data and secrets in logs: not checked (pass --log FILE or --start)");
  }
  const logTooBig = hostileCount > 0 && (hostileLogBytes / hostileCount) * 10_000 >= 1_000_000;
  process.exitCode =
    results.status5xx.length ||
    results.leaky.length ||
    results.offSite.length ||
    errorLines.length ||
    nonJson.length ||
    piiHits.length ||
    secretHits.length ||
    logTooBig
      ? 1
      : 0;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
