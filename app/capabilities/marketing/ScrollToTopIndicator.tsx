import { cn } from "~/platform/ui/cn";
import { useScrollY } from "~/platform/ui/hooks";
import { Icon } from "./icons";
import { showScrollToTop } from "~/platform/ui/motion";

/** Spec §2 and §9: a back-to-top button that appears once the page is scrolled past 500 px. */
export function ScrollToTopIndicator() {
  const visible = showScrollToTop(useScrollY());
  return (
    <button
      type="button"
      aria-label="Back to top"
      hidden={!visible}
      onClick={(event) => {
        // The button hides itself on the way up; Chromium stops a smooth scroll when the focused
        // element disappears, so let go of focus first.
        event.currentTarget.blur();
        window.scrollTo({ top: 0 });
      }}
      className={cn(
        "fixed right-5 bottom-5 z-40 inline-flex size-12 items-center justify-center rounded-full bg-brand-900 text-white shadow-raised",
        "animate-fade-in transition-colors hover:bg-brand-700 [--focus-ring:var(--color-accent-700)]",
      )}
    >
      <Icon name="arrowUp" className="size-5" />
    </button>
  );
}
