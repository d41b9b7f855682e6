/**
 * `node --import tsx scripts/bench-quote-pricing.ts`: times priceQuote on a 60-line quote (each line
 * six sizes and two or three decorated locations, all three methods) as the server runs it when a
 * quote is sent. Goal: ≤ 5 ms. 200 warm-up runs, then 2,000 timed runs; prints median, p95 and max wall time and
 * the mean CPU time a run.
 */
import { performance } from "node:perf_hooks";
import { DEFAULT_PRICE_MATRIX, type DecorationMethod } from "../app/capabilities/quotes/matrix";
import { type QuoteLine, priceQuote } from "../app/capabilities/quotes/pricing";

const CATEGORIES = ["T-Shirts", "Long Sleeve", "Polos", "Sweatshirts", "Headwear", "Workwear"];
const METHODS: DecorationMethod[] = ["screen_print", "embroidery", "digital_print"];

const lines: QuoteLine[] = Array.from({ length: 60 }, (_, i) => ({
  product: { id: `p${i}`, category: CATEGORIES[i % CATEGORIES.length]!, costCents: 300 + 37 * i },
  colour: "Black",
  quantities: { S: 2 + (i % 5), M: 6 + (i % 7), L: 8, XL: 4 + (i % 3), "2XL": 2, "3XL": i % 2 },
  decorations: [
    { location: "front", method: METHODS[i % 3]!, inkColours: 1 + (i % 6), stitchTier: i % 3 },
    { location: "back", method: "screen_print", inkColours: 1 + ((i + 2) % 6) },
    ...(i % 2 ? [{ location: "sleeve" as const, method: "digital_print" as const }] : []),
  ],
}));

for (let i = 0; i < 200; i++) priceQuote(DEFAULT_PRICE_MATRIX, lines);
const times: number[] = [];
let total = 0;
// CPU time as well as wall time: on a busy machine the wall-time tail is other processes' turns.
const cpuBefore = process.cpuUsage();
for (let i = 0; i < 2_000; i++) {
  const start = performance.now();
  total += priceQuote(DEFAULT_PRICE_MATRIX, lines).totalCents;
  times.push(performance.now() - start);
}
const cpu = process.cpuUsage(cpuBefore);
const cpuMsPerRun = (cpu.user + cpu.system) / 1_000 / times.length;
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
console.log(
  `priceQuote, 60 lines (${lines.reduce((s, l) => s + Object.values(l.quantities).reduce((a, b) => a + b, 0), 0)} pieces): ` +
    `median ${at(0.5).toFixed(3)} ms, p95 ${at(0.95).toFixed(3)} ms, max ${at(1).toFixed(3)} ms` +
    `; CPU ${cpuMsPerRun.toFixed(3)} ms a run (checksum ${total})`,
);
