import type { ReactNode } from "react";
import { cn } from "./cn";

export interface Column<Row> {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Right-aligns numbers and action buttons. */
  align?: "left" | "right";
  className?: string;
}

const scrollIntoView = (row: HTMLTableRowElement | null) =>
  row?.scrollIntoView({ block: "center" });

/** The one table for admin lists: a caption for screen readers, and a message when empty. */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  highlight,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  empty: ReactNode;
  /** The key of the row to point out: tinted, announced as current and scrolled into view. */
  highlight?: string;
}) {
  return (
    <div className="overflow-x-auto rounded-card border border-line bg-white shadow-card">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-line bg-surface text-xs font-semibold tracking-wide text-ink-muted uppercase">
          <tr>
            {columns.map((column, i) => (
              <th
                key={i}
                scope="col"
                className={cn("px-4 py-3", column.align === "right" && "text-right")}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-10 text-center text-ink-muted">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr
                key={rowKey(row)}
                className={cn(
                  "align-top",
                  rowKey(row) === highlight &&
                    "bg-brand-50 outline-2 -outline-offset-2 outline-brand-500",
                )}
                aria-current={rowKey(row) === highlight ? "true" : undefined}
                ref={rowKey(row) === highlight ? scrollIntoView : undefined}
              >
                {columns.map((column, i) => (
                  <td
                    key={i}
                    className={cn(
                      "px-4 py-3 text-ink",
                      column.align === "right" && "text-right",
                      column.className,
                    )}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
