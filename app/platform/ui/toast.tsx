// @chunk shell
import { Suspense, lazy, useState, useSyncExternalStore } from "react";

export type ToastVariant = "default" | "destructive";

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ActiveToast extends ToastOptions {
  id: number;
  open: boolean;
}

export const TOAST_DURATION_MS = 5000;

let activeToast: ActiveToast | null = null;
let lastId = 0;
const listeners = new Set<() => void>();

function setActiveToast(next: ActiveToast | null) {
  activeToast = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getSnapshot = () => activeToast;
const getServerSnapshot = () => null;

/**
 * Shows a toast. Spec §4: at most one toast is visible, so a new toast replaces the current one.
 * On the server this does nothing: module state there would be shared between requests.
 */
export function toast(options: ToastOptions) {
  if (typeof window === "undefined") return { id: 0, dismiss: () => {} };
  const id = ++lastId;
  setActiveToast({ ...options, id, open: true });
  return { id, dismiss: () => dismissToast(id) };
}

/** Closes the visible toast, or only the toast with this id when one is given. */
export function dismissToast(id?: number) {
  if (!activeToast || !activeToast.open || (id !== undefined && activeToast.id !== id)) return;
  setActiveToast({ ...activeToast, open: false });
}

const ToastViewport = lazy(() => import("./ToastViewport"));

/**
 * Where toasts appear. The toast library loads with the first toast, since most visits never
 * show one; after that it stays mounted.
 */
export function Toaster() {
  const current = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  const [needed, setNeeded] = useState(false);
  if (current && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastViewport current={current} />
    </Suspense>
  );
}
