import { type AnyColumn, type SQL, ilike, or } from "drizzle-orm";

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

/** One page of an admin list and how many rows match in all. */
export interface Paged<T> {
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

export interface PageRequest {
  page?: number;
  pageSize?: number;
}

/** Page numbers start at 1; anything odd in a URL falls back to the first page. */
export function pageWindow(request: PageRequest) {
  const page = Number.isInteger(request.page) && request.page! >= 1 ? request.page! : 1;
  const size =
    Number.isInteger(request.pageSize) && request.pageSize! >= 1
      ? Math.min(request.pageSize!, MAX_PAGE_SIZE)
      : DEFAULT_PAGE_SIZE;
  return { page, pageSize: size, offset: (page - 1) * size };
}

export function paged<T>(
  rows: T[],
  total: number,
  window: { page: number; pageSize: number },
): Paged<T> {
  return {
    rows,
    total,
    page: window.page,
    pageSize: window.pageSize,
    pageCount: Math.max(1, Math.ceil(total / window.pageSize)),
  };
}

/** Reads ?q=, ?page=, ?pageSize= and ?status= from a list URL. */
export function listParams(url: URL) {
  const number = (name: string) => {
    const value = Number(url.searchParams.get(name));
    return Number.isInteger(value) ? value : undefined;
  };
  return {
    q: url.searchParams.get("q")?.trim() || undefined,
    status: url.searchParams.get("status")?.trim() || undefined,
    page: number("page"),
    pageSize: number("pageSize"),
  };
}

/** LIKE treats % _ and \ specially; a search for "50%" means the characters themselves. */
export function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Case-insensitive substring match on any of the columns, done in the database (each column has
 * a pg_trgm GIN index, which ILIKE uses).
 */
export function searchAny(q: string | undefined, columns: AnyColumn[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = likePattern(q);
  return or(...columns.map((column) => ilike(column, pattern)));
}

/** A feature's `Paged` list as `<AdminTable>` takes it (a `Page`, with the search text). */
export function asPage<T>(list: Paged<T>, q: string | undefined): Paged<T> & { q: string } {
  return { ...list, q: q ?? "" };
}
