import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  // Public site, inside the navigation and footer.
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("about", "routes/site/about.tsx"),
    route("webstores", "routes/site/webstores.tsx"),
    route("bulk-orders", "routes/site/bulk-orders.tsx"),
    route("pricing", "routes/site/pricing.tsx"),
    route("checkout", "routes/site/checkout.tsx"),
    route("checkout-success", "routes/site/checkout-success.tsx"),
    route("checkout/test-payment/:sessionId", "routes/site/test-payment.tsx"),
    route("subscription/manage", "routes/site/manage-subscription.tsx"),
    route("product-search", "routes/site/product-search.tsx"),
    route("products/:productId", "routes/site/product.tsx"),
    route("quote", "routes/site/quote.tsx"),
    route("quotes/:quoteLabel", "routes/site/quote-page.tsx"),
    route("version-one", "routes/site/version-one.tsx"),
    route("privacy-policy", "routes/site/privacy-policy.tsx"),
    route("terms-of-service", "routes/site/terms-of-service.tsx"),
    route("signco-transition", "routes/site/signco-transition.tsx"),

    // Internal supplier tooling and the email test page (admin-only, see ARCHITECTURE.md).
    route("shop-now", "routes/tools/shop-now.tsx"),
    route("products/sanmar", "routes/tools/sanmar-products.tsx"),
    route("product-data-sync", "routes/tools/product-data-sync.tsx"),
    route("test-email", "routes/tools/test-email.tsx"),

    // Every other path: the not-found page, answered with status 404.
    route("*", "routes/site/not-found.tsx"),
  ]),

  // Back office.
  route("admin/auth", "routes/admin/auth.tsx"),
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("users", "routes/admin/users.tsx"),
      route("chat-conversations", "routes/admin/chat-conversations.tsx"),
      route("success-stories", "routes/admin/success-stories.tsx"),
      route("client-webstore-examples", "routes/admin/client-webstore-examples.tsx"),
      route("knowledge-base", "routes/admin/knowledge-base.tsx"),
      route("faqs", "routes/admin/faqs.tsx"),
      route("pricing-tiers", "routes/admin/pricing-tiers.tsx"),
      route("price-matrix", "routes/admin/price-matrix.tsx"),
      route("coupons", "routes/admin/coupons.tsx"),
      route("brand-logos", "routes/admin/brand-logos.tsx"),
      route("seo", "routes/admin/seo.tsx"),
      route("leads", "routes/admin/leads.tsx"),
      route("quotes", "routes/admin/quotes.tsx"),
      route("quotes/:quoteId", "routes/admin/quote.tsx"),
      route("orders", "routes/admin/orders.tsx"),
      route("email-outbox", "routes/admin/email-outbox.tsx"),
      route("site-settings", "routes/admin/site-settings.tsx"),
      route("audit-log", "routes/admin/audit-log.tsx"),
    ]),
  ]),

  // Endpoints that are not pages. /healthz is answered by the server entry itself.
  route("robots.txt", "routes/resources/robots.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("resources/contact", "routes/resources/contact.ts"),
  route("resources/test-email", "routes/resources/test-email.ts"),
  route("resources/upload", "routes/resources/upload.ts"),
  route("resources/quote-artwork", "routes/resources/quote-artwork.ts"),
  route("admin/quote-artwork/:uploadId", "routes/resources/quote-artwork-download.ts"),
  route("admin/leads.csv", "routes/resources/leads-csv.ts"),
  route("admin/subscriptions.csv", "routes/resources/subscriptions-csv.ts"),
  route("admin/quotes.csv", "routes/resources/quotes-csv.ts"),
  route("resources/chat", "routes/resources/chat.ts"),
  route("webhooks/stripe", "routes/resources/stripe-webhook.ts"),
] satisfies RouteConfig;
