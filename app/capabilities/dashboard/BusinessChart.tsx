import { useId } from "react";
import { formatUsd } from "~/platform/lib/money";
import type { BusinessWeeks, WeeklySeries } from "./weeks";

// The dashboard's chart: one small bar chart a series (their scales differ: a handful of messages
// beside thousands of dollars), drawn as SVG on the server, so it needs no script and no library.
// The figures are in each chart's accessible name and in a table anyone can open.

const W = 320;
const H = 150;
const PLOT = { left: 8, right: 8, top: 26, bottom: 22 };

const format = (series: WeeklySeries, value: number) =>
  series.unit === "cents" ? formatUsd(value) : value.toLocaleString("en-US");

/** A compact amount for the bars' top line: "$1.2k" for cents, "1,024" for counts. */
function short(series: WeeklySeries, value: number) {
  if (series.unit === "count") return value.toLocaleString("en-US");
  const dollars = value / 100;
  if (dollars >= 10_000) return `$${Math.round(dollars / 1000)}k`;
  if (dollars >= 1_000) return `$${(dollars / 1000).toFixed(1)}k`;
  return `$${Math.round(dollars)}`;
}

/** The scale's top: the highest value rounded up to 1, 2 or 5 times a power of ten. */
export function niceCeiling(max: number) {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

function SeriesChart({ series, weeks }: { series: WeeklySeries; weeks: BusinessWeeks["weeks"] }) {
  const titleId = useId();
  const values = series.values;
  const latest = values[values.length - 1] ?? 0;
  const total = values.reduce((a, b) => a + b, 0);
  // Money's scale in whole dollars: an empty chart's top reads "$1", not "$0".
  const top =
    series.unit === "cents"
      ? niceCeiling(Math.max(...values) / 100) * 100
      : niceCeiling(Math.max(...values));
  const plotWidth = W - PLOT.left - PLOT.right;
  const plotHeight = H - PLOT.top - PLOT.bottom;
  const slot = plotWidth / values.length;
  const barWidth = slot * 0.64;
  const y = (v: number) => PLOT.top + plotHeight - (v / top) * plotHeight;
  const summary =
    `${series.title} by week, oldest first: ` +
    values.map((v, i) => `${weeks[i]!.label} ${format(series, v)}`).join(", ") +
    ".";
  const headline =
    series.unit === "cents"
      ? `${format(series, latest)} now`
      : `${format(series, total)} in 12 weeks`;
  return (
    <div className="min-w-0 rounded-card border border-line bg-white p-4 shadow-card">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 id={titleId} className="text-sm font-semibold text-ink">
          {series.title}
        </h3>
        <p className="text-sm font-bold text-ink">{headline}</p>
      </div>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="mt-2 block h-auto w-full"
        role="img"
        aria-label={summary}
      >
        {/* The scale: its top and the baseline. */}
        <line
          x1={PLOT.left}
          x2={W - PLOT.right}
          y1={PLOT.top}
          y2={PLOT.top}
          className="stroke-line"
          strokeDasharray="3 3"
        />
        <text x={PLOT.left} y={PLOT.top - 6} className="fill-ink-muted" fontSize="12">
          {short(series, top)}
        </text>
        <line
          x1={PLOT.left}
          x2={W - PLOT.right}
          y1={PLOT.top + plotHeight}
          y2={PLOT.top + plotHeight}
          className="stroke-ink-muted"
        />
        {values.map((v, i) => {
          const x = PLOT.left + i * slot + (slot - barWidth) / 2;
          const barTop = y(v);
          return (
            <rect
              key={i}
              x={x}
              y={barTop}
              width={barWidth}
              height={Math.max(PLOT.top + plotHeight - barTop, v > 0 ? 1 : 0)}
              rx="2"
              className={i === values.length - 1 ? "fill-accent-700" : "fill-brand-700"}
            />
          );
        })}
        {/* First, middle and last week under the bars. */}
        {[0, Math.floor(values.length / 2), values.length - 1].map((i) => (
          <text
            key={i}
            x={PLOT.left + i * slot + slot / 2}
            y={H - 6}
            textAnchor={i === 0 ? "start" : i === values.length - 1 ? "end" : "middle"}
            className="fill-ink-muted"
            fontSize="12"
          >
            {weeks[i]!.label}
          </text>
        ))}
      </svg>
    </div>
  );
}

/** The last twelve weeks of the business, as four small charts and a table of the same figures. */
export function BusinessChart({ data }: { data: BusinessWeeks }) {
  const { weeks, series } = data;
  return (
    <figure className="mb-8" aria-labelledby="business-weeks-heading">
      <h2 id="business-weeks-heading" className="mb-1 text-lg font-bold text-ink">
        The last 12 weeks
      </h2>
      <figcaption className="mb-4 text-sm text-ink-muted">
        Week by week to {weeks[weeks.length - 1]!.label}; each bar is a week ending on the day
        shown, the newest in orange. Recurring revenue is what the active plans bring a month at the
        end of each week.
      </figcaption>
      <div className="grid gap-4 md:grid-cols-2">
        {series.map((s) => (
          <SeriesChart key={s.key} series={s} weeks={weeks} />
        ))}
      </div>
      <details className="mt-4 rounded-card border border-line bg-white p-4 shadow-card">
        <summary className="cursor-pointer text-sm font-semibold text-ink">
          Show the figures as a table
        </summary>
        <div
          className="mt-3 max-w-full overflow-x-auto"
          role="region"
          aria-label="Figures by week"
          tabIndex={0}
        >
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">The last 12 weeks, week by week</caption>
            <thead>
              <tr className="border-b border-line text-left">
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Week to
                </th>
                {series.map((s) => (
                  <th key={s.key} scope="col" className="px-3 py-2 text-right font-semibold">
                    {s.title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week, i) => (
                <tr key={week.end} className="border-b border-line last:border-0">
                  <th scope="row" className="py-1.5 pr-3 text-left font-normal whitespace-nowrap">
                    {week.label}
                  </th>
                  {series.map((s) => (
                    <td key={s.key} className="px-3 py-1.5 text-right tabular-nums">
                      {format(s, s.values[i]!)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
