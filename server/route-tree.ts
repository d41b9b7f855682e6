/**
 * React Router's route trees for rendering a page, built once per build instead of once a page
 * (issue 24).
 *
 * On every page, `ServerRouter` rebuilds the app's 54 routes from the build's manifest
 * (`createServerRoutes`) and `createStaticRouter` converts them to data routes: 4 % of a search
 * page's main thread, and a tenth of what it allocated that outlived a young collection
 * (docs/performance.md, 2026-12-04). Both trees depend on the build alone (its manifest and route
 * modules, the same objects on every request), and a render only reads them.
 *
 * `scripts/build-server.mjs` puts this in React Router's `ServerRouter` and `createStaticRouter`
 * when it bundles the router, and stops the build if either no longer reads as expected.
 */
const built = new WeakMap<object, Map<unknown, unknown>>();

/** What `build` returns for `source` (a build's manifest, a route list) and `variant`, once. */
export function builtOnce<T>(source: object, variant: unknown, build: () => T): T {
  let variants = built.get(source);
  if (!variants) built.set(source, (variants = new Map()));
  if (!variants.has(variant)) variants.set(variant, build());
  return variants.get(variant) as T;
}
