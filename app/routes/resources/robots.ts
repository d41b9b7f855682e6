import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  const body = [
    "User-agent: *",
    "Disallow: /admin",
    "",
    `Sitemap: ${context.env.PUBLIC_URL}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
