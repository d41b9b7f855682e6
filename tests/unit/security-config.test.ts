import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { loadEnv } from "~/platform/config/env.server";
import { createLogger } from "~/platform/config/logger.server";
import { mapUrls, site } from "~/platform/config/site";
import { parseTrustProxy } from "~/platform/config/trust-proxy";
import { findPlaceholders } from "../../server/placeholders";

describe("TRUST_PROXY", () => {
  it("takes Express's forms, off by default, and never trusts every hop", () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy("false")).toBe(false);
    expect(parseTrustProxy("1")).toBe(1);
    expect(parseTrustProxy("2")).toBe(2);
    // What the README used to say: now one hop, the proxy in front, not "believe the header".
    expect(parseTrustProxy("true")).toBe(1);
    expect(parseTrustProxy("loopback, 10.0.0.0/8, 2001:db8::1")).toEqual([
      "loopback",
      "10.0.0.0/8",
      "2001:db8::1",
    ]);
  });

  it("stops start-up with the variable's name on anything else", () => {
    expect(() => loadEnv({ TRUST_PROXY: "yes please", DATA_DIR: "/tmp/ms-env-test" })).toThrow(
      /^TRUST_PROXY: must be a hop count/,
    );
    expect(() => loadEnv({ TRUST_PROXY: "10.0.0.0/99", DATA_DIR: "/tmp/ms-env-test" })).toThrow(
      /TRUST_PROXY/,
    );
  });
});

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).trim().split("\n"));
      done();
    },
  });
  return { logger: createLogger("info", stream), lines };
}

describe("the JSON log", () => {
  it("redacts a visitor's data, cookies and a failed query's parameters", () => {
    const { logger, lines } = capture();
    const failedQuery = Object.assign(
      new Error(
        'Failed query: insert into "contact_messages" ("name", "email") values ($1, $2)\nparams: Dana Visitor,dana@visitor.example,513-555-0199,my secret plans,1 Main St',
      ),
      { params: ["Dana Visitor", "dana@visitor.example"] },
    );
    logger.error({ err: failedQuery }, "contact message could not be stored");
    logger.info(
      {
        req: { headers: { cookie: "better-auth.session_token=abc", authorization: "Bearer t" } },
        email: "dana@visitor.example",
        form: { name: "Dana Visitor", phone: "513-555-0199" },
        order: { customerEmail: "dana@visitor.example" },
      },
      "request",
    );
    const text = lines.join("\n");
    for (const secret of [
      "Dana Visitor",
      "dana@visitor.example",
      "513-555-0199",
      "my secret plans",
      "1 Main St",
      "abc",
      "Bearer t",
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(lines.every((line) => JSON.parse(line))).toBe(true);
    expect(JSON.parse(lines[0]!).err.message).toContain('insert into "contact_messages"');
  });
});

describe("start-up warnings and the map", () => {
  it("names every placeholder still in use", () => {
    const env = loadEnv({ DATA_DIR: "/tmp/ms-env-test", NODE_ENV: "production" });
    const found = findPlaceholders(env);
    expect(found.some((line) => line.startsWith("COMPANY_INBOX unset"))).toBe(true);
    expect(found.some((line) => line.startsWith("site.bookingUrl"))).toBe(true);
    const configured = findPlaceholders(
      loadEnv({
        DATA_DIR: "/tmp/ms-env-test",
        COMPANY_INBOX: "team@merch.test",
        SMTP_URL: "smtp://mail.test",
        STRIPE_SECRET_KEY: "sk_live_x",
        PUBLIC_URL: "https://merch.test",
        EMAIL_FROM: "Merch <hi@merch.test>",
      }),
    );
    expect(configured.filter((line) => !line.startsWith("site."))).toEqual([]);
  });

  it("embeds a real map of the company's address, with a directions link", () => {
    expect(site.mapEmbedUrl).toBe(
      "https://www.google.com/maps?q=4750%20Creek%20Road%2C%20Suite%20120%2C%20Blue%20Ash%2C%20OH%2045242&output=embed",
    );
    expect(site.directionsUrl).toContain("https://www.google.com/maps/dir/?api=1&destination=4750");
    expect(
      mapUrls({ street: "1 A St", city: "B", region: "OH", postalCode: "1" }).mapEmbedUrl,
    ).toContain("q=1%20A%20St");
  });
});
