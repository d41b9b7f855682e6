import type { LoaderFunctionArgs } from "react-router";
import { renderSitemap } from "~/features/seo/sitemap";

export function loader({ context }: LoaderFunctionArgs) {
  return new Response(renderSitemap(context.env.PUBLIC_URL), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
