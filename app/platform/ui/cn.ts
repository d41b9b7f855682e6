// @chunk shell
import { clsx, type ClassValue } from "clsx";

export type { ClassValue };

/** Joins class names and drops falsy ones. It does not merge Tailwind conflicts: avoid passing two values for one property. */
export function cn(...classes: ClassValue[]) {
  return clsx(classes);
}
