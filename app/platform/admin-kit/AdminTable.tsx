import { type ReactNode, useId } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { Button } from "~/platform/ui/Button";
import { type Column, DataTable } from "~/platform/ui/DataTable";
import { Alert, Input } from "~/platform/ui/Field";
import type { Page } from "./list";

/**
 * Renders `children` with a loader's value, or the screen's spec message when the read failed
 * (the value is null: see `loadOrNull`).
 */
export function Loaded<T>({
  value,
  failure,
  children,
}: {
  value: T | null;
  failure: string;
  children: (value: T) => ReactNode;
}) {
  return value === null ? <Alert tone="error">{failure}</Alert> : <>{children(value)}</>;
}

/**
 * An admin list: a search box and pages, both in the URL (`?q=…&page=…`) so a search can be
 * shared, reloaded and used without JavaScript; the server searches and pages in the database.
 */
export function AdminTable<Row>({
  page,
  caption,
  columns,
  rowKey,
  empty,
  searchLabel,
  filters,
  highlight,
}: {
  page: Page<Row>;
  caption: string;
  columns: Column<Row>[];
  /** The row's id unless given. */
  rowKey?: (row: Row) => string;
  empty: ReactNode;
  searchLabel: string;
  /** More filters (a status select) submitted with the search, so they stay in the URL. */
  filters?: ReactNode;
  /** The key of a row to point out (one just created): marked and scrolled into view. */
  highlight?: string;
}) {
  const id = useId();
  const [params] = useSearchParams();
  const hrefFor = (target: number) => {
    const next = new URLSearchParams(params);
    if (target > 1) next.set("page", String(target));
    else next.delete("page");
    const query = next.toString();
    return query ? `?${query}` : ".";
  };
  return (
    <div className="space-y-4">
      <Form method="get" role="search" className="flex max-w-2xl flex-wrap gap-2">
        <label htmlFor={id} className="sr-only">
          {searchLabel}
        </label>
        <Input
          id={id}
          type="search"
          name="q"
          defaultValue={page.q}
          placeholder={searchLabel}
          className="min-w-48 flex-1"
        />
        {filters}
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
      <DataTable
        caption={caption}
        rows={page.rows}
        rowKey={rowKey ?? ((row) => (row as { id: string }).id)}
        empty={page.q ? `Nothing matches “${page.q}”.` : empty}
        columns={columns}
        highlight={highlight}
      />
      {page.pageCount > 1 && (
        <nav aria-label={`${caption}: pages`} className="flex items-center gap-3 text-sm">
          {page.page > 1 && (
            <Link to={hrefFor(page.page - 1)} className="font-medium text-brand-800 underline">
              Previous
            </Link>
          )}
          <span className="text-ink-muted">
            Page {page.page} of {page.pageCount} ({page.total} in all)
          </span>
          {page.page < page.pageCount && (
            <Link to={hrefFor(page.page + 1)} className="font-medium text-brand-800 underline">
              Next
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
