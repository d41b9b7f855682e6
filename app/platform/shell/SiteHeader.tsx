// @chunk shell
import { Suspense, lazy, useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { Container } from "~/platform/ui/Container";
import { cn } from "~/platform/ui/cn";
import { CONTACT_HREF, useGoToContact } from "./contact";
import type * as NavMenuModule from "./NavMenu";
import type { NavMenuItem } from "./NavMenu";
import { ExternalIcon, shopLinksOf, useIsCurrent, webstoreLinks } from "./nav-links";
import { MenuIcon } from "~/platform/ui/icons";
import { useSiteSettings } from "~/platform/settings/useSiteSettings";

let navMenuModule: Promise<typeof NavMenuModule> | undefined;
const loadNavMenu = () => (navMenuModule ??= import("./NavMenu"));

export function SiteLogo({
  tone = "light",
  className,
}: {
  tone?: "light" | "dark";
  className?: string;
}) {
  return (
    <Link to="/" className={cn("inline-flex items-center gap-2.5 rounded-control", className)}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
        <rect width="32" height="32" rx="8" fill={tone === "light" ? "#0f2a4a" : "#ffffff"} />
        <path
          d="M12.5 8.5 8 10.6 6.5 15l3 1.4 1-1.3V24h11v-8.9l1 1.3 3-1.4-1.5-4.4-4.5-2.1c-.4 1.5-1.8 2.5-3.5 2.5s-3.1-1-3.5-2.5Z"
          fill="#f26b1d"
        />
      </svg>
      <span
        className={cn(
          "text-lg font-extrabold tracking-tight whitespace-nowrap",
          tone === "light" ? "text-ink" : "text-white",
        )}
      >
        Merch{" "}
        <span className={tone === "light" ? "text-accent-700" : "text-accent-300"}>Simplified</span>
      </span>
    </Link>
  );
}

const navItemClasses = cn(
  "relative inline-flex h-10 items-center gap-1 rounded-control px-3 text-[0.9375rem] font-medium text-ink/80",
  "transition-colors hover:bg-brand-50 hover:text-ink data-[state=open]:bg-brand-50 data-[state=open]:text-ink",
  "after:absolute after:inset-x-3 after:bottom-0.5 after:h-0.5 after:rounded-full after:bg-accent-600 after:opacity-0",
  "aria-[current=page]:text-ink aria-[current=page]:after:opacity-100 data-active:text-ink data-active:after:opacity-100",
);

function ChevronDownIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="currentColor"
      className="size-4 opacity-60 transition-transform duration-150 group-data-[state=open]:rotate-180"
    >
      <path d="M5.22 7.22a.75.75 0 0 1 1.06 0L10 10.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 8.28a.75.75 0 0 1 0-1.06Z" />
    </svg>
  );
}

/**
 * A dropdown of the desktop navigation. The server renders a stand-in button; the menu library
 * loads when the visitor points at, focuses or clicks it (keeping it out of every page's first
 * load, issue 3's 150 KB budget), and a click made before it arrived opens the menu once it has.
 */
function NavDropdown({
  label,
  active,
  items,
}: {
  label: string;
  active?: boolean;
  items: NavMenuItem[];
}) {
  const [Menu, setMenu] = useState<typeof NavMenuModule.default | null>(null);
  const [open, setOpen] = useState(false);
  const [focused, setFocused] = useState(false);
  const load = () => {
    void loadNavMenu().then((module) => setMenu(() => module.default));
  };
  const trigger = (
    <>
      {label}
      <ChevronDownIcon />
    </>
  );
  const triggerClassName = cn("group", navItemClasses);

  if (Menu) {
    return (
      <Menu
        trigger={trigger}
        triggerClassName={triggerClassName}
        active={active}
        items={items}
        open={open}
        onOpenChange={setOpen}
        focusTrigger={focused}
      />
    );
  }
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className={triggerClassName}
      data-active={active ? "" : undefined}
      onPointerEnter={load}
      onFocus={() => {
        setFocused(true);
        load();
      }}
      onBlur={() => setFocused(false)}
      onClick={() => {
        setOpen(true);
        load();
      }}
    >
      {trigger}
    </button>
  );
}

function DesktopNav() {
  const settings = useSiteSettings();
  const isCurrent = useIsCurrent();
  const goToContact = useGoToContact();

  return (
    <nav aria-label="Main" className="hidden md:block">
      <ul className="flex items-center gap-1">
        <li>
          <NavDropdown
            label="Webstores"
            active={webstoreLinks.some((link) => isCurrent(link.to))}
            items={webstoreLinks.map((link) => ({ ...link, current: isCurrent(link.to) }))}
          />
        </li>
        <li>
          <Link
            to="/bulk-orders"
            aria-current={isCurrent("/bulk-orders") ? "page" : undefined}
            className={navItemClasses}
          >
            Bulk Order
          </Link>
        </li>
        <li>
          <a href={CONTACT_HREF} onClick={goToContact} className={navItemClasses}>
            Contact
          </a>
        </li>
        <li>
          <NavDropdown
            label="Shop"
            items={shopLinksOf(settings).map((link) => ({
              label: link.label,
              href: link.url,
              trailing: <ExternalIcon />,
            }))}
          />
        </li>
        <li>
          <Link
            to="/about"
            aria-current={isCurrent("/about") ? "page" : undefined}
            className={navItemClasses}
          >
            About
          </Link>
        </li>
      </ul>
    </nav>
  );
}

const MobileMenuSheet = lazy(() => import("./MobileMenuSheet"));

function MobileNav() {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const [seenLocationKey, setSeenLocationKey] = useState(location.key);

  // Any navigation closes the sheet, including back/forward while it is open.
  if (seenLocationKey !== location.key) {
    setSeenLocationKey(location.key);
    setOpen(false);
  }

  useEffect(() => {
    const wide = window.matchMedia("(min-width: 768px)");
    const closeWhenWide = (event: MediaQueryListEvent) => {
      if (event.matches) setOpen(false);
    };
    wide.addEventListener("change", closeWhenWide);
    return () => wide.removeEventListener("change", closeWhenWide);
  }, []);

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
        className="-mr-2 inline-flex size-11 items-center justify-center rounded-control text-ink transition-colors hover:bg-brand-50 md:hidden"
      >
        <MenuIcon className="size-6" />
      </button>
      {requested && (
        <Suspense fallback={null}>
          <MobileMenuSheet open={open} onOpenChange={setOpen} triggerRef={triggerRef} />
        </Suspense>
      )}
    </>
  );
}

/** The sticky site navigation: dropdowns from 768 px up, a left-side sheet below. */
export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-line/80 bg-white/90 backdrop-blur-md supports-[backdrop-filter]:bg-white/80">
      <Container className="flex h-header items-center justify-between gap-6">
        <SiteLogo />
        <DesktopNav />
        <MobileNav />
      </Container>
    </header>
  );
}
