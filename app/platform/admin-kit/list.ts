/** The search text and page of an admin list, from `?q=…&page=…`. */
export interface ListQuery {
  q: string;
  page: number;
}

/** One page of an admin list, as a loader hands it to `<AdminTable>`. */
export interface Page<Row> extends ListQuery {
  rows: Row[];
  total: number;
  pageCount: number;
  pageSize: number;
}

export function listQueryOf(source: Request | URL): ListQuery {
  const params = (source instanceof URL ? source : new URL(source.url)).searchParams;
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    q: (params.get("q") ?? "").trim().slice(0, 200),
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

/** A list's `?status=` filter when it names one of `statuses`, else undefined (all). */
export function statusOf<Status extends string>(
  source: Request | URL,
  statuses: readonly Status[],
): Status | undefined {
  const params = (source instanceof URL ? source : new URL(source.url)).searchParams;
  const status = params.get("status") as Status | null;
  return status && statuses.includes(status) ? status : undefined;
}
