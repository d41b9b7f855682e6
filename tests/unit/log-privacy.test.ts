import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createLogSampler } from "~/platform/config/log-sampler";
import { loggableUrl } from "~/platform/security/loggable-url";
import { capturedLog } from "../support/captured-log";

describe("loggableUrl", () => {
  it.each([
    ["/subscription/manage?token=8f3Kq0vZx-secretValue", "/subscription/manage?token=[redacted]"],
    ["/checkout?plan=pro&interval=annual", "/checkout?plan=pro&interval=annual"],
    ["/checkout-success?session_id=cs_test_a1b2c3", "/checkout-success?session_id=[redacted]"],
    ["/checkout/test-payment/cs_test_a1b2c3", "/checkout/test-payment/[redacted]"],
    ["/admin/leads?q=jane%40example.com&page=2", "/admin/leads?q=[redacted]&page=2"],
    ["/admin/leads?status=jane@example.com", "/admin/leads?status=[redacted]"],
    ["/u/jane@example.com/x", "/u/[redacted]/x"],
    ["/reset/eyJhbGciOiJIUzI1NiJ9abcDEF0123", "/reset/[redacted]"],
    ["/x?sig=abc&signature=def&sid=1", "/x?sig=[redacted]&signature=[redacted]&sid=[redacted]"],
    ["/x?jane%40example.com", "/x?[redacted]"],
    ["/x?%70lan=pro", "/x?%70lan=pro"],
    ["/products/gildan-heavy-cotton-t-shirt-5000", "/products/gildan-heavy-cotton-t-shirt-5000"],
    ["/about", "/about"],
    ["/about.data?_routes=routes%2Fsite%2Fabout", "/about.data?_routes=routes%2Fsite%2Fabout"],
    [
      "http://127.0.0.1:3000/subscription/manage?token=abc#frag",
      "http://127.0.0.1:3000/subscription/manage?token=[redacted]",
    ],
  ])("%s is logged as %s", (url, expected) => {
    expect(loggableUrl(url)).toBe(expected);
  });
});

describe("the log sampler", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("writes one line a second per kind and counts the rest", () => {
    const sampler = createLogSampler(1_000);
    const { logger, lines } = capturedLog();
    for (let i = 0; i < 500; i++) {
      sampler.log(logger, "warn", "cross-site post", { n: i }, "refused");
      sampler.log(logger, "info", "GET 404", {}, "not found");
      vi.advanceTimersByTime(5); // 500 events of each kind over 2.5 s
    }
    vi.advanceTimersByTime(2_000);
    const refused = lines.filter((line) => line.kind === "cross-site post");
    expect(refused.length).toBeGreaterThanOrEqual(3);
    expect(refused.length).toBeLessThanOrEqual(4);
    expect(refused[0]).toMatchObject({ n: 0, level: 40 });
    expect(refused[0]).not.toHaveProperty("dropped");
    // Every event is accounted for: written, or counted on a later line.
    const accounted = refused.reduce((sum, line) => sum + 1 + Number(line.dropped ?? 0), 0);
    const summaries = refused.filter((line) => line.msg === "refused (repeated)").length;
    expect(accounted - summaries).toBe(500);
    expect(lines.filter((line) => line.kind === "GET 404").length).toBeLessThanOrEqual(4);
  });

  it("writes a lone event and one a second later in full", () => {
    const sampler = createLogSampler(1_000);
    const { logger, lines } = capturedLog();
    sampler.log(logger, "info", "k", {}, "m");
    vi.advanceTimersByTime(1_000);
    sampler.log(logger, "info", "k", {}, "m");
    vi.advanceTimersByTime(5_000);
    expect(lines.map((line) => line.dropped)).toEqual([undefined, undefined]);
  });
});
