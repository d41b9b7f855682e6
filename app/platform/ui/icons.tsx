// @chunk shell
import { cn } from "./cn";

function StrokeIcon({ d, className }: { d: string; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={cn("size-5", className)}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <path d={d} />
    </svg>
  );
}

/** The × of every close button. Decorative: the button carries the label. */
export function CloseIcon({ className }: { className?: string }) {
  return <StrokeIcon d="M6 6l12 12M18 6 6 18" className={className} />;
}

/** The three bars of a menu button. Decorative: the button carries the label. */
export function MenuIcon({ className }: { className?: string }) {
  return <StrokeIcon d="M4 7h16M4 12h16M4 17h16" className={className} />;
}
