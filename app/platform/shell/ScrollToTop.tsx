import { useEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";

/**
 * Scrolls to the top instantly whenever the pathname changes (spec §2). Skipped on the first
 * render, when the URL has a hash (the browser scrolls to its target), and on back/forward, where
 * the restored scroll position is what the visitor expects.
 */
export function ScrollToTopOnNavigate() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const previousPathname = useRef(pathname);

  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    if (hash || navigationType === "POP") return;
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [pathname, hash, navigationType]);

  return null;
}
