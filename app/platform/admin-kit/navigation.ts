/** The admin's left navigation, in the spec's order (§2), then the screens added since. */
export const adminNavigation = [
  { to: "/admin", label: "Dashboard" },
  { to: "/admin/users", label: "Users" },
  { to: "/admin/chat-conversations", label: "Chat Conversations" },
  { to: "/admin/success-stories", label: "Success Stories" },
  { to: "/admin/client-webstore-examples", label: "Client Examples" },
  { to: "/admin/knowledge-base", label: "Knowledge Base" },
  { to: "/admin/faqs", label: "FAQs" },
  { to: "/admin/pricing-tiers", label: "Pricing Tiers" },
  { to: "/admin/coupons", label: "Coupons" },
  { to: "/admin/brand-logos", label: "Brand Logos" },
  { to: "/admin/seo", label: "SEO Settings" },
  { to: "/admin/leads", label: "Leads" },
  { to: "/admin/orders", label: "Orders" },
  { to: "/admin/email-outbox", label: "Email Outbox" },
  { to: "/admin/site-settings", label: "Site Settings" },
  { to: "/admin/audit-log", label: "Audit Log" },
] as const;
