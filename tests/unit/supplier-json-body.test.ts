import { describe, expect, it } from "vitest";
import { readJsonBody } from "~/platform/suppliers/http.server";

/** A response whose whole body is already there: nothing would wait on the network. */
function bufferedResponse(text: string, chunkBytes = 64 * 1024, status = 200) {
  const bytes = new TextEncoder().encode(text);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += chunkBytes) {
        controller.enqueue(bytes.subarray(i, i + chunkBytes));
      }
      controller.close();
    },
  });
  return new Response(body, { status });
}

describe("a supplier's JSON body", () => {
  it("past 4 MB is parsed in pieces, other work getting turns meanwhile, even when it all arrived at once", async () => {
    const styles = Array.from({ length: 20_000 }, (_, i) => ({
      styleID: i,
      title: `Style ${i} — "quoted", émoji 👕`,
      description: "x".repeat(200),
    }));
    const text = JSON.stringify(styles);
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns += 1;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const result = await readJsonBody(bufferedResponse(text), "ss-activewear");
    ticking = false;
    expect(result).toEqual({ value: styles });
    // 5.6 MB in 64 KB chunks: a turn for other requests after each of them.
    expect(turns).toBeGreaterThanOrEqual(Math.floor(text.length / (64 * 1024)));
  });

  it("splits a character across chunks as if it had come whole", async () => {
    const value = { name: "Tee 👕 é", list: [1, 2.5, null, true], nested: { "": "" } };
    expect(await readJsonBody(bufferedResponse(JSON.stringify(value), 3), "ss-activewear")).toEqual(
      {
        value,
      },
    );
  });

  // Past 4 MB a body is parsed in pieces: the refusals hold for both ways.
  const large = JSON.stringify(
    Array.from({ length: 50_000 }, (_, i) => ({ styleID: i, x: "y".repeat(80) })),
  );
  it.each([
    ["cut short", '[{"styleID": 1},'],
    ["followed by something else", '[{"styleID": 1}] <html>'],
    ["empty", ""],
    ["not JSON at all", "<html>Service unavailable</html>"],
    ["large and cut short", large.slice(0, -2)],
    ["large and followed by something else", `${large} <html>`],
  ])("is refused when %s, with the status in the message", async (_, text) => {
    const result = await readJsonBody(bufferedResponse(text, 64 * 1024, 200), "ss-activewear");
    expect(result).toMatchObject({
      error: {
        kind: "malformed",
        status: 200,
        message: "The supplier sent a response that is not valid JSON (HTTP 200).",
      },
    });
  });
});
