import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useEffect, useRef, type ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "~/platform/ui/cn";

export interface NavMenuItem {
  label: string;
  /** A page of this site, or `href` for an external address (opened in a new tab). */
  to?: string;
  href?: string;
  current?: boolean;
  trailing?: ReactNode;
}

const menuItemClasses = cn(
  "flex w-full cursor-pointer items-center justify-between gap-6 rounded-lg px-3 py-2.5 text-sm font-medium text-ink",
  "select-none -outline-offset-2 data-highlighted:bg-brand-50 aria-[current=page]:text-accent-700",
);

/**
 * The desktop navigation's dropdown, loaded only once a visitor reaches for it (see NavDropdown
 * in SiteHeader), which keeps the menu library out of every page's first load.
 */
export default function NavMenu({
  trigger,
  triggerClassName,
  active,
  items,
  open,
  onOpenChange,
  focusTrigger,
}: {
  trigger: ReactNode;
  triggerClassName: string;
  active?: boolean;
  items: NavMenuItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Takes over keyboard focus from the stand-in button it replaces. */
  focusTrigger: boolean;
}) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusTrigger && !open) triggerRef.current?.focus();
    // Only when it replaces the stand-in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger
        ref={triggerRef}
        className={triggerClassName}
        data-active={active ? "" : undefined}
      >
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={8}
          className={cn(
            "z-50 min-w-56 rounded-card border border-line bg-white p-1.5 shadow-raised",
            "origin-(--radix-dropdown-menu-content-transform-origin)",
            "data-[state=open]:animate-pop-in data-[state=closed]:animate-fade-out",
          )}
        >
          {items.map((item) => (
            <DropdownMenu.Item key={item.to ?? item.href} asChild>
              {item.to ? (
                <Link
                  to={item.to}
                  aria-current={item.current ? "page" : undefined}
                  className={menuItemClasses}
                >
                  {item.label}
                  {item.trailing}
                </Link>
              ) : (
                <a
                  href={item.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={menuItemClasses}
                >
                  {item.label}
                  {item.trailing}
                </a>
              )}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
