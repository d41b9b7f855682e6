import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

const layout = (title: string, main: string, links: string[] = []) => `<!doctype html>
<html><head><title>${title}</title><script>window.trackEverything = "SCRIPT-TEXT";</script>
<style>.x { color: red }</style></head>
<body>
<header><nav><a href="/">Home</a> <a href="/about">NAV-TEXT About us</a></nav></header>
<main><article><h1>${title}</h1>${main}</article>
<ul class="links">${links.map((href) => `<li><a href="${href}">${href}</a></li>`).join("")}</ul></main>
<footer>FOOTER-TEXT Copyright Example Merch</footer>
</body></html>`;

const paragraphs = (topic: string, count: number) =>
  Array.from(
    { length: count },
    (_, i) =>
      `<p>${topic} paragraph ${i + 1}: our team prints and embroiders every order in-house, inspects each item and ships it within five to eight business days to every person who orders.</p>`,
  ).join("");

/**
 * A small website on 127.0.0.1 for the crawler: robots.txt with a disallowed section, a sitemap
 * listing a page nothing links to, a redirect loop, a 500 page, a huge page, a link to a private
 * address and a page that redirects to one. Every request is recorded.
 */
export async function startFakeWebsite(options: { hugeBytes?: number } = {}) {
  const requests: string[] = [];
  const hugeBytes = options.hugeBytes ?? 3_000_000;
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    requests.push(path);
    const html = (body: string, status = 200) => {
      res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" });
      res.end(body);
    };
    const redirect = (location: string, status = 302) => {
      res.writeHead(status, { Location: location });
      res.end();
    };
    switch (path) {
      case "/robots.txt":
        res.writeHead(200, { "Content-Type": "text/plain" });
        res.end(`User-agent: *\nDisallow: /private/\n\nSitemap: ${origin()}/sitemap.xml\n`);
        return;
      case "/sitemap.xml":
        res.writeHead(200, { "Content-Type": "application/xml" });
        res.end(`<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>${origin()}/</loc></url>
  <url><loc>${origin()}/from-sitemap</loc></url>
  <url><loc>${origin()}/private/staff</loc></url>
  <url><loc>https://elsewhere.example/</loc></url>
</urlset>`);
        return;
      case "/":
        return html(
          layout("Welcome to Example Merch", paragraphs("Home", 3), [
            "/about",
            "/pricing",
            "/pricing?interval=annual",
            "/checkout?plan=pro",
            "/loop-a",
            "/broken",
            "/huge",
            "/private/staff",
            "/moved",
            "/to-private",
            "http://10.0.0.1/admin",
            "http://169.254.169.254/latest/meta-data/",
            "mailto:hello@example.com",
            "/logo.png",
          ]),
        );
      case "/about":
        return html(layout("About Example Merch", paragraphs("About", 4), ["/deep/1"]));
      case "/checkout":
        return html(
          layout("Checkout", "<p>Enter your card details to pay.</p>").replace(
            "<head>",
            '<head><meta name="robots" content="noindex, nofollow">',
          ),
        );
      case "/pricing":
        return html(
          layout(
            "Pricing",
            "<p>Webstore plans start from $180 per year, and annual billing saves up to 30%.</p>" +
              paragraphs("Pricing", 2),
          ).replace("<head>", `<head><link rel="canonical" href="${origin()}/pricing">`),
        );
      case "/from-sitemap":
        return html(layout("Only in the sitemap", paragraphs("Sitemap", 2)));
      case "/deep/1":
        return html(layout("Deep one", paragraphs("Deep one", 2), ["/deep/2"]));
      case "/deep/2":
        return html(layout("Deep two", paragraphs("Deep two", 2), ["/deep/3"]));
      case "/deep/3":
        return html(layout("Deep three", paragraphs("Deep three", 2), ["/deep/4"]));
      case "/deep/4":
        return html(layout("Deep four", paragraphs("Deep four", 2)));
      case "/private/staff":
        return html(layout("Staff only", "<p>PRIVATE-TEXT salaries</p>"));
      case "/loop-a":
        return redirect("/loop-b");
      case "/loop-b":
        return redirect("/loop-a");
      case "/broken":
        return html("<h1>Internal Server Error</h1>", 500);
      case "/huge":
        res.writeHead(200, { "Content-Type": "text/html" });
        res.write("<html><body><p>");
        res.end("HUGE-TEXT ".repeat(Math.ceil(hugeBytes / 10)) + "</p></body></html>");
        return;
      case "/moved":
        return redirect("/moved-here", 301);
      case "/moved-here":
        return html(layout("Moved here", paragraphs("Moved", 2)));
      case "/to-private":
        return redirect("http://192.168.1.1/router");
      case "/logo.png":
        res.writeHead(200, { "Content-Type": "image/png" });
        res.end("png");
        return;
      default:
        return html(layout("Not found", "<p>Nothing here.</p>"), 404);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  function origin() {
    return `http://127.0.0.1:${port}`;
  }
  return {
    url: `${origin()}/`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
