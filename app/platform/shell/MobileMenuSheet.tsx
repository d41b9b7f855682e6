import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode, RefObject } from "react";
import { Link } from "react-router";
import { site } from "~/platform/config/site";
import { cn } from "~/platform/ui/cn";
import { CONTACT_HREF, useGoToContact } from "./contact";
import { ExternalIcon, newTab, shopLinksOf, useIsCurrent, webstoreLinks } from "./nav-links";
import { CloseIcon } from "~/platform/ui/icons";
import { useSiteSettings } from "~/platform/settings/useSiteSettings";

const sheetLinkClasses = cn(
  "flex min-h-11 items-center justify-between gap-3 rounded-control px-3 text-base font-medium text-ink",
  "transition-colors hover:bg-brand-50 aria-[current=page]:bg-brand-50 aria-[current=page]:text-accent-700",
);

function SheetGroup({ heading, children }: { heading?: string; children: ReactNode }) {
  return (
    <div className="border-b border-line py-3 last:border-b-0">
      {heading ? (
        <p className="px-3 pb-1 text-xs font-semibold tracking-wider text-ink-muted uppercase">
          {heading}
        </p>
      ) : null}
      <ul>{children}</ul>
    </div>
  );
}

/**
 * The phone navigation: a sheet from the left. Loaded on the first tap of the menu button, so the
 * dialog library stays out of every page's first load (issue 3's JavaScript budget).
 */
export default function MobileMenuSheet({
  open,
  onOpenChange,
  triggerRef,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  triggerRef: RefObject<HTMLButtonElement | null>;
}) {
  const settings = useSiteSettings();
  const isCurrent = useIsCurrent();
  const goToContact = useGoToContact();
  const close = () => onOpenChange(false);

  const pageLink = (to: string, label: string) => (
    <li>
      <Link
        to={to}
        onClick={close}
        aria-current={isCurrent(to) ? "page" : undefined}
        className={sheetLinkClasses}
      >
        {label}
      </Link>
    </li>
  );

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-brand-950/40 backdrop-blur-[2px] data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out" />
        <Dialog.Content
          aria-describedby={undefined}
          // The trigger lives outside this lazily loaded module; give focus back to it.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            triggerRef.current?.focus();
          }}
          className={cn(
            "fixed inset-y-0 left-0 z-50 flex w-[min(20rem,85vw)] flex-col bg-white shadow-raised outline-hidden",
            "data-[state=open]:animate-sheet-in data-[state=closed]:animate-sheet-out",
          )}
        >
          <div className="flex h-header shrink-0 items-center justify-between border-b border-line px-5">
            <Dialog.Title className="text-base font-bold text-ink">Menu</Dialog.Title>
            <Dialog.Close
              aria-label="Close menu"
              className="-mr-2 inline-flex size-11 items-center justify-center rounded-control text-ink-muted transition-colors hover:bg-brand-50 hover:text-ink"
            >
              <CloseIcon className="size-5" />
            </Dialog.Close>
          </div>

          <nav aria-label="Main" className="flex-1 overflow-y-auto px-2">
            <SheetGroup heading="Webstores">
              {webstoreLinks.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    onClick={close}
                    aria-current={isCurrent(link.to) ? "page" : undefined}
                    className={sheetLinkClasses}
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </SheetGroup>
            <SheetGroup>
              {pageLink("/bulk-orders", "Bulk Order")}
              <li>
                <a
                  href={CONTACT_HREF}
                  onClick={(event) => {
                    close();
                    goToContact(event);
                  }}
                  className={sheetLinkClasses}
                >
                  Contact
                </a>
              </li>
            </SheetGroup>
            <SheetGroup heading="Shop">
              {shopLinksOf(settings).map((link) => (
                <li key={link.url}>
                  <a href={link.url} {...newTab} onClick={close} className={sheetLinkClasses}>
                    {link.label}
                    <ExternalIcon />
                  </a>
                </li>
              ))}
            </SheetGroup>
            <SheetGroup>{pageLink("/about", "About")}</SheetGroup>
          </nav>

          <div className="shrink-0 border-t border-line bg-surface px-5 py-4 text-sm text-ink-muted">
            <p className="font-medium text-ink">{site.tagline}</p>
            <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
              <a href={settings.phoneHref} className="font-medium text-accent-700 hover:underline">
                {settings.phone}
              </a>
              <a
                href={`mailto:${settings.email}`}
                className="font-medium text-accent-700 hover:underline"
              >
                Email us
              </a>
            </p>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
