// @chunk shell
import { useLocation } from "react-router";
import { site } from "~/platform/config/site";
import { cn } from "~/platform/ui/cn";

/** The links of the navigation, shared by the desktop bar and the phone sheet. */
export const webstoreLinks = [
  { label: "Get Info", to: "/webstores" },
  { label: "Pricing", to: "/pricing" },
] as const;

/** The Shop menu: labels are fixed, addresses come from the site settings. */
export function shopLinksOf(settings: { shopUrl: string; promoProductsUrl: string }) {
  return [
    { label: site.shop.apparel.label, url: settings.shopUrl },
    { label: site.shop.promo.label, url: settings.promoProductsUrl },
  ];
}

export const newTab = { target: "_blank", rel: "noopener noreferrer" } as const;

export function useIsCurrent() {
  const { pathname } = useLocation();
  return (to: string) => pathname === to || pathname.startsWith(`${to}/`);
}

export function ExternalIcon({ className }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={cn("size-4 shrink-0 text-ink-muted", className)}
    >
      <path d="M7 13 13 7M8 7h5v5" />
    </svg>
  );
}
