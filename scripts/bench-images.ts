/**
 * Time and memory of image processing (the upload path's decode, resize and WebP encode) for
 * the twenty hostile images of tests/support/hostile-images.ts and a typical 5 MB photo, one
 * after the other in one process as a server sees them, then two photos at once (two admins).
 *
 *   npm run bench:images
 *
 * Per image: wall time, peak resident memory above the process's level before it (sampled
 * every 2 ms), and what stays once it is done. The machine's load average is printed with the
 * figures: on a shared machine the times grow with it.
 */
import { loadavg } from "node:os";
import { processImage } from "../app/platform/uploads/images.server";
import { hostileImages, typicalPhoto } from "../tests/support/hostile-images";

const MB = 1024 * 1024;
const rss = () => process.memoryUsage().rss;
const settle = async () => {
  global.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 50));
  global.gc?.();
};

async function measure(task: () => Promise<unknown>) {
  await settle();
  const before = rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 2);
  const start = performance.now();
  let outcome: string;
  try {
    const image = (await task()) as Awaited<ReturnType<typeof processImage>>;
    outcome = Array.isArray(image)
      ? "stored"
      : `stored ${image.width}×${image.height}, ${image.variants.length} widths`;
  } catch (error) {
    const refusal = error as { status?: number; message: string };
    outcome = `${refusal.status ?? "error"} ${refusal.message}`;
  }
  const ms = performance.now() - start;
  clearInterval(sampler);
  peak = Math.max(peak, rss());
  await settle();
  return { ms, peakMb: (peak - before) / MB, afterMb: (rss() - before) / MB, outcome };
}

const cases = [
  ...(await hostileImages()),
  { name: "Typical photo (4032×3024 JPEG)", bytes: await typicalPhoto() },
];
// One warm-up so the first figure does not carry libvips' start-up.
await processImage(cases.at(-1)!.bytes);

console.log(
  `load average at start: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
await settle();
const start = rss();
const rows = [];
for (const item of cases) {
  const m = await measure(() => processImage(item.bytes));
  rows.push(m);
  console.log(
    [
      item.name.padEnd(64),
      `${(item.bytes.length / 1024).toFixed(0).padStart(6)} KB`,
      `${m.ms.toFixed(0).padStart(6)} ms`,
      `peak +${m.peakMb.toFixed(0).padStart(4)} MB`,
      `after ${m.afterMb >= 0 ? "+" : ""}${m.afterMb.toFixed(0).padStart(3)} MB`,
      m.outcome,
    ].join("  "),
  );
}
const photo = cases.at(-1)!.bytes;
const pair = await measure(() => Promise.all([processImage(photo), processImage(photo)]));
console.log(
  `Two photos at once (two admins)`.padEnd(64),
  `${pair.ms.toFixed(0).padStart(6)} ms  peak +${pair.peakMb.toFixed(0)} MB  after ${pair.afterMb.toFixed(0)} MB`,
);
await settle();
console.log(
  `slowest: ${Math.max(...rows.map((r) => r.ms)).toFixed(0)} ms; largest peak: +${Math.max(...rows.map((r) => r.peakMb)).toFixed(0)} MB; ` +
    `resident memory after all ${cases.length + 2} images: ${((rss() - start) / MB).toFixed(0)} MB above where it started`,
);
console.log(
  `load average at end: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
