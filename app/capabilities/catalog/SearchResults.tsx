import { Link } from "react-router";
import type { ProductSearchData } from "./page.server";
import { ProductCard } from "./ProductCard";
import { href } from "./ProductSearch";
import { type SearchParams, queryWords } from "./search";

type Result = NonNullable<ProductSearchData["result"]>;

/** The cards of one page of results, with the matched words highlighted, and the paging. */
export function SearchResults({ result, params }: { result: Result; params: SearchParams }) {
  const words = queryWords(params.q);
  return (
    <>
      <p className="mb-4 text-sm text-ink-muted" data-testid="result-count">
        {result.total} {result.total === 1 ? "product" : "products"}
        {result.pageCount > 1 && ` · page ${result.page} of ${result.pageCount}`}
      </p>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {result.products.map((p) => (
          <ProductCard key={p.id} product={p} words={words} />
        ))}
      </div>
      {result.pageCount > 1 && (
        <nav aria-label="Pages" className="mt-8 flex items-center justify-between">
          {result.page > 1 ? (
            <Link
              to={href({ ...params, page: result.page - 1 })}
              rel="prev"
              className="text-brand-700 underline"
            >
              ← Previous
            </Link>
          ) : (
            <span />
          )}
          {result.page < result.pageCount && (
            <Link
              to={href({ ...params, page: result.page + 1 })}
              rel="next"
              className="text-brand-700 underline"
            >
              Next →
            </Link>
          )}
        </nav>
      )}
    </>
  );
}
