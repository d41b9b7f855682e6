import { EventEmitter } from "node:events";

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
  let pieces: string[] = [];
  let open = true;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const passOn = () => {
    if (pieces.length === 0 || !open) return;
    controller.enqueue(Buffer.from(pieces.length === 1 ? pieces[0]! : pieces.join("")));
    pieces = [];
  };
  // React listens for "drain", "error" and "close" (the visitor went away: it stops rendering).
  const sink = Object.assign(new EventEmitter(), {
    write(piece: string) {
      if (pieces.push(piece) === 1) queueMicrotask(passOn);
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
