import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { piecesPerTurn } from "~/platform/lib/pieces-per-turn";

const bytes = (text: string) => new TextEncoder().encode(text);

/** What comes out of the stream, piece by piece, as text. */
function received(stream: ReturnType<typeof piecesPerTurn>) {
  const pieces: string[] = [];
  stream.on("data", (piece: Buffer) => pieces.push(piece.toString()));
  return pieces;
}

describe("piecesPerTurn", () => {
  it("passes on the pieces written in one go as one, in order", async () => {
    const stream = piecesPerTurn();
    const pieces = received(stream);
    for (const part of ["<html>", "<body>", "é", "</body>", "</html>"]) stream.write(bytes(part));
    await nextTurn();
    expect(pieces).toEqual(["<html><body>é</body></html>"]);
  });

  it("passes on a piece written in a later turn by itself, so a page still streams", async () => {
    const stream = piecesPerTurn();
    const pieces = received(stream);
    stream.write(bytes("shell "));
    stream.write(bytes("and more"));
    await nextTurn();
    expect(pieces).toEqual(["shell and more"]);
    stream.write(bytes("a boundary that resolved later"));
    await nextTurn();
    expect(pieces).toEqual(["shell and more", "a boundary that resolved later"]);
  });

  it("tells once that the page has ended, after everything was passed on", async () => {
    let ended = 0;
    const stream = piecesPerTurn(() => ended++);
    const pieces = received(stream);
    const finished = new Promise((done) => stream.once("end", done));
    stream.write(bytes("last "));
    stream.end(bytes("words"));
    await finished;
    expect(pieces.join("")).toBe("last words");
    expect(ended).toBe(1);
  });
});
