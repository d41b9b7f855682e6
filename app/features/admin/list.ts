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

export function listQueryOf(request: Request): ListQuery {
  const params = new URL(request.url).searchParams;
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    q: (params.get("q") ?? "").trim().slice(0, 200),
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}
