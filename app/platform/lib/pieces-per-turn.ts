import { Transform } from "node:stream";

/**
 * A stream that passes on what is written to it as one piece per turn of the event loop.
 *
 * React writes a page in 2 KB pieces, all in one go. Passed on one by one, every piece was a
 * trip through a web stream, a socket write and, for a browser, a compression flush (React
 * Router's adapter flushes after each): about 70 of each for a page of search results, and a
 * fifth of the CPU a compressed search page cost. A piece written in a later turn (a boundary
 * that resolved later) still goes on in its own, so a page still streams.
 */
export function piecesPerTurn(onEnd: () => void = () => {}) {
  let pieces: Uint8Array[] = [];
  const passOn = () => {
    if (pieces.length === 0) return;
    stream.push(pieces.length === 1 ? pieces[0] : Buffer.concat(pieces));
    pieces = [];
  };
  const stream = new Transform({
    transform(piece: Uint8Array, _encoding, done) {
      if (pieces.push(piece) === 1) queueMicrotask(passOn);
      done();
    },
    flush(done) {
      onEnd();
      passOn();
      done();
    },
  });
  return stream;
}
