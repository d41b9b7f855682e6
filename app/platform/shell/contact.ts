// @chunk shell
import { useCallback, type MouseEvent } from "react";
import { useLocation, useNavigate } from "react-router";

export const CONTACT_SECTION_ID = "contact-section";
export const CONTACT_HREF = `/#${CONTACT_SECTION_ID}`;
/** Spec §9: the contact scroll waits 100 ms so the home page has painted. */
export const CONTACT_SCROLL_DELAY_MS = 100;

// The home page's sections are islands whose code may still be on its way (issue 13): keep looking
// for up to 5 s.
const MAX_SCROLL_ATTEMPTS = 50;

/** `left`: the section of the page being left, which stays in the document until home commits. */
function scrollToContact(left: HTMLElement | null, attempt = 0) {
  const section = document.getElementById(CONTACT_SECTION_ID);
  if (section && section !== left) {
    section.scrollIntoView({ behavior: "smooth", block: "start" });
  } else if (attempt < MAX_SCROLL_ATTEMPTS) {
    window.setTimeout(() => scrollToContact(left, attempt + 1), CONTACT_SCROLL_DELAY_MS);
  }
}

/**
 * Click handler for links to `CONTACT_HREF`: goes to the home page, then smoothly scrolls to the
 * contact section after 100 ms. Without JavaScript the plain href still reaches the section.
 */
export function useGoToContact() {
  const navigate = useNavigate();
  const { pathname } = useLocation();

  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      const left = pathname === "/" ? null : document.getElementById(CONTACT_SECTION_ID);
      // With the section's hash and no scroll reset: neither the router's scroll restoration nor
      // the scroll-to-top on a new page (which skips hash links) races the smooth scroll below.
      const navigation =
        pathname === "/" ? undefined : navigate(CONTACT_HREF, { preventScrollReset: true });
      void Promise.resolve(navigation).then(() => {
        window.setTimeout(() => scrollToContact(left), CONTACT_SCROLL_DELAY_MS);
      });
    },
    [navigate, pathname],
  );
}
