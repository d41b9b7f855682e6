// @chunk product-search
import { useEffect, useState, useSyncExternalStore } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { Button } from "~/platform/ui/Button";
import { Alert, Input, Label, Select } from "~/platform/ui/Field";
import { cn } from "~/platform/ui/cn";
import { toast } from "~/platform/ui/toast";
import type { ProductSearchData } from "./page.server";
import { island } from "~/platform/ui/island";
import { PRICE_MAX, type SearchParams, activeFilterCount, searchParamsToUrl } from "./search";

// Public spec §8, word for word.
export const SEARCH_MESSAGES = {
  empty: "No products found matching your search. Please try a different query.",
  failed: "Failed to search products. Please try again.",
  aiEmpty: "No products found matching your request. Please try a different prompt.",
  aiFailed: "Failed to get recommendations. Please try again.",
};

// The result cards and the AI tab load when there is something to show, not with the page's
// first load, which shows the categories (issue 13).
const SearchResults = island(() => import("./SearchResults").then((m) => m.SearchResults));
const AiRecommendations = island(() =>
  import("./AiRecommendations").then((m) => m.AiRecommendations),
);

const noSubscription = () => () => {};
/** False in the server's HTML: without JavaScript the submit buttons stay usable. */
export function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

export function href(params: Partial<SearchParams>, extra: Record<string, string> = {}) {
  const query = searchParamsToUrl(params);
  for (const [k, v] of Object.entries(extra)) query.set(k, v);
  const s = query.toString();
  return s ? `/product-search?${s}` : "/product-search";
}

export function ProductSearch({ data }: { data: ProductSearchData }) {
  useEffect(() => {
    if (data.categoriesFailed)
      toast({ title: "Failed to load categories", variant: "destructive" });
  }, [data.categoriesFailed]);
  return (
    <div>
      {data.sampleCount > 0 && (
        <Alert tone="info" className="mb-6" title="Sample catalogue">
          These {data.sampleCount} products are a sample so you can try the search. The real
          supplier catalogue replaces them after the first product sync.
        </Alert>
      )}
      <div
        role="tablist"
        aria-label="Product search"
        className="mb-6 flex gap-2 border-b border-line"
      >
        {(
          [
            ["browse", "Browse & Search", "/product-search"],
            ["ai", "AI Recommendations", "/product-search?tab=ai"],
          ] as const
        ).map(([id, label, to]) => (
          <Link
            key={id}
            to={to}
            role="tab"
            aria-selected={data.tab === id}
            className={cn(
              "-mb-px border-b-2 px-4 py-2.5 text-sm font-semibold",
              data.tab === id
                ? "border-brand-600 text-brand-700"
                : "border-transparent text-ink-muted hover:text-ink",
            )}
          >
            {label}
          </Link>
        ))}
      </div>
      <div role="tabpanel">
        {data.tab === "browse" ? (
          <BrowseAndSearch data={data} />
        ) : (
          <AiRecommendations data={data} />
        )}
      </div>
    </div>
  );
}

function BrowseAndSearch({ data }: { data: ProductSearchData }) {
  const { params, result } = data;
  const hydrated = useHydrated();
  const [query, setQuery] = useState(params.q);
  const submit = useSubmit();
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" && navigation.location.pathname === "/product-search";
  const [shownQ, setShownQ] = useState(params.q);
  if (shownQ !== params.q) {
    // Back, a shared link or a category link changed the URL: show its query.
    setShownQ(params.q);
    setQuery(params.q);
  }
  useEffect(() => {
    if (data.searchFailed)
      toast({
        title: "Search failed",
        description: SEARCH_MESSAGES.failed,
        variant: "destructive",
      });
    else if (result && result.total === 0)
      toast({ title: "No results found", description: SEARCH_MESSAGES.empty });
  }, [data.searchFailed, result]);
  const filterCount = activeFilterCount(params);
  const categoryFacets = result?.categories ?? data.groups.flatMap((g) => g.categories);
  const categoryValues = [...new Map(categoryFacets.map((c) => [c.value, c])).values()];
  return (
    <Form
      method="get"
      action="/product-search"
      // Category, brand, sort and the other choices search again at once (with JavaScript).
      onChange={(event) => {
        const target = event.target as unknown as HTMLInputElement;
        if (target.name === "q" || target.type === "number") return;
        submit(event.currentTarget, { preventScrollReset: true });
      }}
      className="grid gap-8 lg:grid-cols-[16rem_1fr]"
    >
      <div className="lg:col-span-2">
        <Label htmlFor="search-q">Search products</Label>
        <div className="mt-1.5 flex gap-2">
          <Input
            id="search-q"
            name="q"
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Style number, brand or product, e.g. PC54 or hoodie"
          />
          <Button type="submit" variant="primary" disabled={hydrated && !query.trim()}>
            Search
          </Button>
        </div>
      </div>
      <aside aria-label="Filters" className="space-y-6">
        <div className="flex items-center justify-between">
          <h2 className="font-semibold text-ink">
            Filters{" "}
            {filterCount > 0 && (
              <span
                className="ml-1 rounded-full bg-brand-600 px-2 py-0.5 text-xs text-white"
                aria-label={`${filterCount} active filters`}
                data-testid="filter-count"
              >
                {filterCount}
              </span>
            )}
          </h2>
          {filterCount > 0 && (
            <Link
              to={href({ q: params.q, sort: params.sort })}
              className="text-sm text-brand-700 underline"
            >
              Clear all
            </Link>
          )}
        </div>
        <FacetList
          legend="Category"
          name="category"
          facets={categoryValues}
          selected={params.categories}
        />
        {result && (
          <FacetList legend="Brand" name="brand" facets={result.brands} selected={params.brands} />
        )}
        <fieldset>
          <legend className="text-sm font-semibold text-ink">Price ($)</legend>
          <div className="mt-2 grid grid-cols-2 gap-2">
            <label className="text-xs text-ink-muted">
              Min
              <Input
                name="minPrice"
                type="number"
                min={0}
                max={PRICE_MAX}
                step={1}
                defaultValue={params.minPrice}
                key={`min${params.minPrice}`}
              />
            </label>
            <label className="text-xs text-ink-muted">
              Max
              <Input
                name="maxPrice"
                type="number"
                min={0}
                max={PRICE_MAX}
                step={1}
                defaultValue={params.maxPrice}
                key={`max${params.maxPrice}`}
              />
            </label>
          </div>
        </fieldset>
        <div>
          <Label htmlFor="search-rating">Minimum rating</Label>
          <Select
            id="search-rating"
            name="rating"
            defaultValue={String(params.minRating)}
            key={`r${params.minRating}`}
            className="mt-1.5"
          >
            {Array.from({ length: 11 }, (_, i) => i / 2).map((r) => (
              <option key={r} value={String(r)}>
                {r === 0 ? "Any rating" : `${r} stars & up`}
              </option>
            ))}
          </Select>
        </div>
        <CheckList legend="Colours" name="color" values={data.colors} selected={params.colors} />
        <CheckList legend="Sizes" name="size" values={data.sizes} selected={params.sizes} />
        <div>
          <Label htmlFor="search-sort">Sort by</Label>
          <Select
            id="search-sort"
            name="sort"
            defaultValue={params.sort}
            key={params.sort}
            className="mt-1.5"
          >
            <option value="relevance">Relevance</option>
            <option value="price-low-high">Price: low to high</option>
            <option value="price-high-low">Price: high to low</option>
          </Select>
        </div>
        <Button type="submit" variant="secondary" className="w-full">
          Apply filters
        </Button>
      </aside>
      <section aria-live="polite" aria-busy={loading} className={cn(loading && "opacity-60")}>
        {data.searchFailed ? (
          <Alert tone="error">{SEARCH_MESSAGES.failed}</Alert>
        ) : data.browsing ? (
          <CategoryBrowser groups={data.groups} />
        ) : result && result.total === 0 ? (
          <Alert tone="info">{SEARCH_MESSAGES.empty}</Alert>
        ) : result ? (
          <SearchResults result={result} params={params} />
        ) : null}
      </section>
    </Form>
  );
}

function FacetList({
  legend,
  name,
  facets,
  selected,
}: {
  legend: string;
  name: string;
  facets: { value: string; count: number }[];
  selected: string[];
}) {
  if (!facets.length) return null;
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-ink">{legend}</legend>
      <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto text-sm">
        {facets.map((f) => (
          <li key={f.value}>
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                name={name}
                value={f.value}
                defaultChecked={selected.includes(f.value)}
                key={`${f.value}${selected.includes(f.value)}`}
              />
              <span className="flex-1">{f.value}</span>
              <span className="text-xs text-ink-muted" data-facet-count>
                {f.count}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function CheckList({
  legend,
  name,
  values,
  selected,
}: {
  legend: string;
  name: string;
  values: string[];
  selected: string[];
}) {
  if (!values.length) return null;
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-ink">{legend}</legend>
      <ul className="mt-2 flex max-h-48 flex-wrap gap-x-3 gap-y-1 overflow-y-auto text-sm">
        {values.map((v) => (
          <li key={v}>
            <label className="flex items-center gap-1.5">
              <input
                type="checkbox"
                name={name}
                value={v}
                defaultChecked={selected.includes(v)}
                key={`${v}${selected.includes(v)}`}
              />
              {v}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function CategoryBrowser({ groups }: { groups: ProductSearchData["groups"] }) {
  return (
    <div>
      <h2 className="mb-4 text-xl font-bold text-ink">Browse by Category</h2>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {groups.map((group) => (
          <section key={group.name} className="rounded-card border border-line bg-white p-4">
            <h3 className="font-semibold text-ink">{group.name}</h3>
            <ul className="mt-2 space-y-1 text-sm">
              {group.categories.map((c) => (
                <li key={c.value}>
                  <Link
                    to={href({ categories: [c.value] })}
                    className="text-brand-700 hover:underline"
                  >
                    {c.value} <span className="text-ink-muted">({c.count})</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
