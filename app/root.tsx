// @chunk shell
import { useEffect } from "react";
import {
  type LoaderFunctionArgs,
  type ShouldRevalidateFunction,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ScrollRestorationProps,
  isRouteErrorResponse,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import "~/context";
import stylesheet from "~/app.css?url";
import { site } from "~/platform/config/site";
import { ACCESS_DENIED_STATUS } from "~/platform/auth/roles";
import { AccessDenied, NotFound } from "~/platform/shell/error-pages";
import { ScrollToTopOnNavigate } from "~/platform/shell/ScrollToTop";
import { SiteShell } from "~/platform/shell/SiteShell";
import { type HeadTags, type PageSeoRecord, resolveHeadTags } from "~/capabilities/seo/head";
import { findPublicPage } from "~/capabilities/seo/pages.server";
import { findPageSeo } from "~/capabilities/seo/seo.server";
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from "~/platform/settings/settings";
import { getSiteSettings } from "~/platform/settings/settings.server";
import { Container } from "~/platform/ui/Container";
import { useNonce } from "~/platform/ui/nonce";
import { HOLD_ISLAND_INPUT_SCRIPT } from "~/platform/ui/island-input";
import { Toaster } from "~/platform/ui/toast";

/** Set by a route to name itself in the head when no stored or public-page title exists. */
export interface RouteHandle {
  /** The page's name; a function of the route's loader data for pages named by what they show. */
  title?: string | ((loaderData: unknown) => string | undefined);
  noindex?: boolean;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const pathname = normalisePath(url.pathname);
  let seo: PageSeoRecord | null = null;
  try {
    seo = await findPageSeo(context.db, pathname);
  } catch (error) {
    // Head metadata is an enhancement: a failed read falls back to the page's own defaults.
    context.logger.error({ err: error }, "page_seo_settings read failed");
  }
  let settings: SiteSettings = DEFAULT_SITE_SETTINGS;
  try {
    settings = await getSiteSettings(context.db);
  } catch (error) {
    // The shell still needs an address and links: today's constants stand in.
    context.logger.error({ err: error }, "site_settings read failed");
  }
  // The head is resolved here, so neither the public pages' list nor the rules are page code
  // (issue 13). Where a page that is not public has no stored title, the title is left as
  // ROUTE_TITLE for the head to fill in from the route's handle.
  const pageUrl = context.env.PUBLIC_URL + (pathname === "/" ? "/" : pathname);
  const page = findPublicPage(pathname);
  const head = resolveHeadTags(
    seo,
    page ?? { title: ROUTE_TITLE, description: site.tagline },
    pageUrl,
  );
  return { seo, head, settings, pageUrl };
}

// The head belongs to the path, so the root loader runs again whenever the path changes.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;

export const links = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

function normalisePath(pathname: string) {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

/** Stands for the route's own title (see RouteHandle) in head tags resolved by the loader. */
const ROUTE_TITLE = "\u0000route-title";

function Head() {
  const data = useRouteLoaderData<typeof loader>("root");
  const matches = useMatches();
  const titled = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title);
  const title = (titled?.handle as RouteHandle | undefined)?.title;
  const handleTitle = typeof title === "function" ? title(titled?.loaderData) : title;
  const noindex = matches.some((m) => (m.handle as RouteHandle | undefined)?.noindex);
  const routeTitle = handleTitle ? `${handleTitle} | ${site.name}` : site.name;
  const named = (title: string) => (title === ROUTE_TITLE ? routeTitle : title);
  // Without the root's data (its loader failed) the page keeps its name and nothing else.
  if (!data) return <title>{routeTitle}</title>;
  const resolved = data.head;
  const head: HeadTags = {
    ...resolved,
    title: named(resolved.title),
    og: { ...resolved.og, title: named(resolved.og.title) },
    twitter: { ...resolved.twitter, title: named(resolved.twitter.title) },
  };
  return (
    <>
      <title>{head.title}</title>
      {head.description && <meta name="description" content={head.description} />}
      {head.keywords && <meta name="keywords" content={head.keywords} />}
      {noindex && <meta name="robots" content="noindex" />}
      <link rel="canonical" href={head.canonical} />
      <meta property="og:type" content={head.og.type} />
      <meta property="og:site_name" content={site.name} />
      <meta property="og:title" content={head.og.title} />
      {head.og.description && <meta property="og:description" content={head.og.description} />}
      <meta property="og:url" content={head.og.url} />
      {head.og.image && <meta property="og:image" content={head.og.image} />}
      <meta name="twitter:card" content={head.twitter.card} />
      <meta name="twitter:title" content={head.twitter.title} />
      {head.twitter.description && (
        <meta name="twitter:description" content={head.twitter.description} />
      )}
      {head.twitter.image && <meta name="twitter:image" content={head.twitter.image} />}
    </>
  );
}

/**
 * A link to a section of the page (`#contact-section`) is followed by the browser, whose history
 * entry has no router key: the router calls it "default", like the page's first entry, and on the
 * popstate that follows restored the first entry's saved position (the top) over the browser's
 * scroll to the section (issue 21, item 2). Keyed by its address instead, such an entry has no
 * saved position, so the router scrolls to the section.
 */
const scrollKey: ScrollRestorationProps["getKey"] = (location) =>
  location.key === "default" && location.hash
    ? location.pathname + location.search + location.hash
    : location.key;

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f2a4a" />
        {/* First in the page, so a click inside an island is held from the moment it shows. It
            has run before hydration and is never needed again: the browser bundle leaves its
            text out (0.7 KB gzipped on every page), and React does not compare inner HTML. */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? HOLD_ISLAND_INPUT_SCRIPT : "" }}
        />
        {/* A React stylesheet resource (precedence) is written ahead of the module preloads, so
            the one render-blocking request starts first on a slow connection (issue 3). */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Head />
        <Meta />
        {/* Stylesheets need no nonce; an empty one keeps server and client markup equal. */}
        <Links nonce="" />
      </head>
      <body>
        {children}
        <Toaster />
        <ScrollRestoration nonce={nonce} getKey={scrollKey} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Lets browser tests (and anyone curious) know when the page has become interactive.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <>
      <ScrollToTopOnNavigate />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <SiteShell>
        <NotFound />
      </SiteShell>
    );
  }
  if (isRouteErrorResponse(error) && error.status === ACCESS_DENIED_STATUS) {
    return (
      <SiteShell>
        <AccessDenied />
      </SiteShell>
    );
  }
  // Logged on the server by handleError (entry.server.tsx); React reports it in the browser.
  return (
    <SiteShell>
      <Container className="py-24 text-center">
        <h1 className="text-3xl font-bold text-ink">Something went wrong</h1>
        <p className="mt-4 text-ink-muted">
          We could not load this page. Please try again in a moment, or call us at{" "}
          <a className="underline" href={site.phone.href}>
            {site.phone.display}
          </a>
          .
        </p>
      </Container>
    </SiteShell>
  );
}
