import { type ComponentProps, type ReactNode, useEffect, useRef, useState } from "react";

/**
 * An image that shows `fallback` instead when it fails to load. Also catches failures that
 * happened before hydration, when React was not yet listening for the error event.
 */
export function ImageWithFallback({
  fallback,
  src,
  ...props
}: ComponentProps<"img"> & { fallback: ReactNode }) {
  const [failed, setFailed] = useState(!src);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const image = ref.current;
    if (image && image.complete && image.naturalWidth === 0) setFailed(true);
  }, []);
  if (failed) return <>{fallback}</>;
  return <img ref={ref} src={src} onError={() => setFailed(true)} {...props} />;
}
