import { useEffect, useRef, useState } from "react";
import { ConfettiBurst } from "./ConfettiBurst";
import { CONFETTI_DURATION_MS } from "./confetti";
import { usePrefersReducedMotion, useScrollProgress } from "~/platform/ui/hooks";
import { shouldFireConfetti } from "~/platform/ui/motion";

/**
 * Spec §2: a scroll-driven section with no visible content that fires the confetti once, when
 * its progress reaches 1.
 */
export function ConfettiTrigger() {
  const marker = useRef<HTMLDivElement>(null);
  const progress = useScrollProgress(marker);
  const reducedMotion = usePrefersReducedMotion();
  const [showing, setShowing] = useState(false);
  const fired = useRef(false);

  useEffect(() => {
    if (progress === null || reducedMotion || !shouldFireConfetti(progress, fired.current)) return;
    fired.current = true;
    setShowing(true);
  }, [progress, reducedMotion]);

  useEffect(() => {
    if (!showing) return;
    const timer = window.setTimeout(() => setShowing(false), CONFETTI_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [showing]);

  return (
    <>
      <div ref={marker} aria-hidden="true" className="h-16" />
      <ConfettiBurst show={showing} />
    </>
  );
}
