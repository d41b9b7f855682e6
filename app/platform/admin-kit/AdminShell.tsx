import * as DialogPrimitive from "@radix-ui/react-dialog";
import { type ReactNode, useEffect, useState } from "react";
import { Form, NavLink, useLocation } from "react-router";
import { site } from "~/platform/config/site";
import { Button, ButtonLink } from "~/platform/ui/Button";
import { cn } from "~/platform/ui/cn";
import { adminNavigation } from "./navigation";
import { CloseIcon, MenuIcon } from "~/platform/ui/icons";

function NavList({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <ul className="space-y-0.5">
      {adminNavigation.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end={item.to === "/admin"}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                "flex items-center rounded-control px-3 py-2 text-sm font-medium transition-colors",
                isActive
                  ? "bg-brand-900 text-white"
                  : "text-ink hover:bg-brand-50 hover:text-brand-900",
              )
            }
          >
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** Below 1024 px the navigation lives in a drawer from the left. */
function NavDrawer() {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const [seenKey, setSeenKey] = useState(location.key);
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    setOpen(false);
  }
  useEffect(() => {
    const wide = window.matchMedia("(min-width: 1024px)");
    const closeWhenWide = (event: MediaQueryListEvent) => event.matches && setOpen(false);
    wide.addEventListener("change", closeWhenWide);
    return () => wide.removeEventListener("change", closeWhenWide);
  }, []);

  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger
        aria-label="Open admin menu"
        className="-ml-2 inline-flex size-11 items-center justify-center rounded-control text-ink hover:bg-brand-50 lg:hidden"
      >
        <MenuIcon className="size-6" />
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-brand-950/40 data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(18rem,85vw)] flex-col bg-white shadow-raised outline-hidden data-[state=open]:animate-sheet-in data-[state=closed]:animate-sheet-out"
        >
          <div className="flex h-16 items-center justify-between border-b border-line px-5">
            <DialogPrimitive.Title className="font-bold text-ink">Admin menu</DialogPrimitive.Title>
            <DialogPrimitive.Close
              aria-label="Close admin menu"
              className="-mr-2 inline-flex size-11 items-center justify-center rounded-control text-ink-muted hover:bg-brand-50 hover:text-ink"
            >
              <CloseIcon className="size-5" />
            </DialogPrimitive.Close>
          </div>
          <nav aria-label="Admin" className="flex-1 overflow-y-auto p-3">
            <NavList onNavigate={() => setOpen(false)} />
          </nav>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

export function AdminShell({ email, children }: { email: string; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-surface">
      <header className="sticky top-0 z-40 border-b border-line bg-white">
        <div className="flex h-16 items-center gap-3 px-4 sm:px-6">
          <NavDrawer />
          {/* One line at any width: on a phone (no room beside 'View Site' and 'Log out') only
              'Admin' shows, in the brand's weight; the name joins it from 640 px. */}
          <span className="min-w-0 truncate font-bold text-ink">
            <span className="hidden sm:inline">{site.name} </span>
            <span className="sm:font-medium sm:text-ink-muted">Admin</span>
          </span>
          <div className="ml-auto flex shrink-0 items-center gap-2">
            <span className="hidden text-sm text-ink-muted md:inline">{email}</span>
            <ButtonLink to="/" variant="secondary" size="sm">
              View Site
            </ButtonLink>
            <Form method="post" action="/admin/auth">
              <input type="hidden" name="intent" value="logout" />
              <Button type="submit" variant="ghost" size="sm">
                Log out
              </Button>
            </Form>
          </div>
        </div>
      </header>
      <div className="flex">
        <aside className="sticky top-16 hidden h-[calc(100vh-4rem)] w-64 shrink-0 overflow-y-auto border-r border-line bg-white p-3 lg:block">
          <nav aria-label="Admin">
            <NavList />
          </nav>
        </aside>
        <main id="main" className="min-w-0 flex-1 px-4 py-8 sm:px-8">
          <div className="mx-auto max-w-6xl">{children}</div>
        </main>
      </div>
    </div>
  );
}

/** The heading row of an admin screen: title, a line on what it is for, and its main action. */
export function AdminPageHeader({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        {description && <p className="mt-1 max-w-2xl text-sm text-ink-muted">{description}</p>}
      </div>
      {children && <div className="flex flex-wrap gap-2">{children}</div>}
    </div>
  );
}
