import type { CSSProperties } from "react";
import { Icon } from "./icons";
import { confettiPieces } from "./confetti";

const pieces = confettiPieces();

/** Spec §2: a burst of 30 icons, rendered only while `show` is true. */
export function ConfettiBurst({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <div
      aria-hidden="true"
      data-testid="confetti"
      className="pointer-events-none fixed inset-0 z-50 overflow-hidden"
    >
      {pieces.map((piece, i) => (
        <span
          key={i}
          className={`absolute top-1/2 left-1/2 animate-confetti ${piece.colour}`}
          style={
            {
              "--dx": `${piece.dx}vw`,
              "--dy": `${piece.dy}vh`,
              "--rotate": `${piece.rotate}deg`,
              animationDelay: `${piece.delayMs}ms`,
            } as CSSProperties
          }
        >
          <Icon name={piece.icon} className="size-7" />
        </span>
      ))}
    </div>
  );
}
