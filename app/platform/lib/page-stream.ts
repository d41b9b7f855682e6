import { EventEmitter } from "node:events";

/** Strings joined at a time: about 15 KB of a page. */
const BATCH = 1_024;

/**
 * Where React writes a page (`renderToPipeableStream(…).pipe(sink)` of React's string-writing
 * build, `react-dom/server.bun`), and the page as a web stream for the response: what is written
 * in one turn of the event loop goes on as one piece, encoded once.
 *
 * React's Node build encodes each of a page's thousands of small strings into 4 KB views as it
 * writes them: a typed-array view and a call into the encoder per string, a tenth of a search
 * page's CPU (docs/performance.md, 2026-12-04). A piece written in a later turn (a boundary that
 * resolved later) still goes on in its own, so a page still streams.
 */
export function pageStream(onEnd: () => void = () => {}) {
  // A turn's strings are joined and encoded a batch at a time: one join of a whole page made a
  // string too large for the young generation, so every page grew the old one.
  const batch: string[] = new Array(BATCH);
  let inBatch = 0;
  let encoded: Buffer[] = [];
  let open = true;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const encodeBatch = () => {
    encoded.push(
      Buffer.from(inBatch === BATCH ? batch.join("") : batch.slice(0, inBatch).join("")),
    );
    inBatch = 0;
  };
  const passOn = () => {
    if (inBatch > 0) encodeBatch();
    if (encoded.length === 0 || !open) return;
    controller.enqueue(encoded.length === 1 ? encoded[0]! : Buffer.concat(encoded));
    encoded = [];
  };
  // React listens for "drain", "error" and "close" (the visitor went away: it stops rendering).
  const sink = Object.assign(new EventEmitter(), {
    write(piece: string) {
      if (inBatch === 0 && encoded.length === 0) queueMicrotask(passOn);
      batch[inBatch++] = piece;
      if (inBatch === BATCH) encodeBatch();
      return true;
    },
    end() {
      onEnd();
      passOn();
      if (open) controller.close();
      open = false;
    },
    /** React's render failed or was aborted: the answer stops short. */
    destroy(error: unknown) {
      onEnd();
      if (open) controller.error(error);
      open = false;
    },
  });
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      open = false;
      sink.emit("close");
    },
  });
  return { sink, body };
}
