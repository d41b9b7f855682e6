import type { IconName } from "./icons";

/** Spec §9: a confetti burst has 30 icons. */
export const CONFETTI_COUNT = 30;
export const CONFETTI_DURATION_MS = 2600;

const shapes: IconName[] = ["star", "heart", "shirt", "gift", "sparkles", "ticket"];
const colours = [
  "text-accent-500",
  "text-accent-300",
  "text-brand-400",
  "text-brand-600",
  "text-success-700",
];

export interface ConfettiPiece {
  icon: IconName;
  colour: string;
  /** Where it lands relative to the burst's centre, in viewport units. */
  dx: number;
  dy: number;
  rotate: number;
  delayMs: number;
}

/** Evenly spread pieces (golden-angle spiral), so the burst looks random but renders the same everywhere. */
export function confettiPieces(count = CONFETTI_COUNT): ConfettiPiece[] {
  const goldenAngle = Math.PI * (3 - Math.sqrt(5));
  return Array.from({ length: count }, (_, i) => {
    const angle = i * goldenAngle;
    const reach = 18 + ((i * 7) % 24);
    return {
      icon: shapes[i % shapes.length] ?? "star",
      colour: colours[i % colours.length] ?? "text-accent-500",
      dx: Math.round(Math.cos(angle) * reach),
      dy: Math.round(Math.sin(angle) * reach * 0.8),
      rotate: ((i * 97) % 360) - 180,
      delayMs: (i % 5) * 40,
    };
  });
}
