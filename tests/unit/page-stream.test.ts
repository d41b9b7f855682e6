import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { pageStream } from "~/platform/lib/page-stream";

/** What comes out of the page's web stream, piece by piece, as text; and whether it has closed. */
function received(body: ReadableStream<Uint8Array>) {
  const got = { pieces: [] as string[], closed: false, error: undefined as unknown };
  const reader = body.getReader();
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        got.pieces.push(new TextDecoder().decode(value));
      }
      got.closed = true;
    } catch (error) {
      got.error = error;
    }
  })();
  return got;
}

describe("pageStream", () => {
  it("passes on the pieces written in one go as one, in order, encoded as UTF-8", async () => {
    const { sink, body } = pageStream();
    const got = received(body);
    for (const part of ["<html>", "<body>", "é", "</body>", "</html>"]) {
      expect(sink.write(part)).toBe(true);
    }
    await nextTurn();
    expect(got.pieces).toEqual(["<html><body>é</body></html>"]);
  });

  it("keeps a long page whole and in order across the batches it is encoded in", async () => {
    const { sink, body } = pageStream();
    const got = received(body);
    const parts = Array.from({ length: 3_000 }, (_, i) => `<li>${i}·</li>`);
    for (const part of parts) sink.write(part);
    await nextTurn();
    expect(got.pieces).toEqual([parts.join("")]);
  });

  it("passes on a piece written in a later turn by itself, so a page still streams", async () => {
    const { sink, body } = pageStream();
    const got = received(body);
    sink.write("shell ");
    sink.write("and more");
    await nextTurn();
    expect(got.pieces).toEqual(["shell and more"]);
    sink.write("a boundary that resolved later");
    await nextTurn();
    expect(got.pieces).toEqual(["shell and more", "a boundary that resolved later"]);
    expect(got.closed).toBe(false);
  });

  it("tells once that the page has ended, after everything was passed on, and closes", async () => {
    let ended = 0;
    const { sink, body } = pageStream(() => ended++);
    const got = received(body);
    sink.write("last ");
    sink.write("words");
    sink.end();
    await nextTurn();
    expect(got.pieces.join("")).toBe("last words");
    expect(got.closed).toBe(true);
    expect(ended).toBe(1);
  });

  it("tells React when the visitor goes away, so it stops rendering", async () => {
    const { sink, body } = pageStream();
    let closed = 0;
    sink.on("close", () => closed++);
    sink.write("the shell");
    await body.cancel();
    expect(closed).toBe(1);
    // What React still writes goes nowhere, without an error.
    sink.write("more");
    sink.end();
    await nextTurn();
  });

  it("cuts the answer short when the render fails", async () => {
    let ended = 0;
    const { sink, body } = pageStream(() => ended++);
    const got = received(body);
    sink.write("half a page");
    sink.destroy(new Error("render failed"));
    await nextTurn();
    expect(got.error).toEqual(new Error("render failed"));
    expect(got.closed).toBe(false);
    expect(ended).toBe(1);
  });
});
