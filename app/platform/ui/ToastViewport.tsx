import * as ToastPrimitive from "@radix-ui/react-toast";
import { cn } from "./cn";
import { type ActiveToast, TOAST_DURATION_MS, dismissToast } from "./toast";
import { CloseIcon } from "./icons";

/** The toast itself, loaded with the first toast of a visit (see Toaster in ./toast). */
export default function ToastViewport({ current }: { current: ActiveToast | null }) {
  const destructive = current?.variant === "destructive";

  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      label="Notification"
    >
      {current ? (
        <ToastPrimitive.Root
          key={current.id}
          open={current.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(current.id);
          }}
          className={cn(
            "pointer-events-auto relative flex w-full items-start gap-3 rounded-card border p-4 pr-12 shadow-raised",
            "data-[state=open]:animate-toast-in data-[state=closed]:animate-fade-out",
            "data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0",
            "data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-toast-swipe-out",
            destructive
              ? "border-danger-700 bg-danger-700 text-white [--focus-ring:white]"
              : "border-line bg-white text-ink",
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">
              {current.title}
            </ToastPrimitive.Title>
            {current.description ? (
              <ToastPrimitive.Description
                className={cn(
                  "text-sm leading-relaxed",
                  destructive ? "text-white/90" : "text-ink-muted",
                )}
              >
                {current.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className={cn(
              "absolute top-3 right-3 inline-flex size-7 items-center justify-center rounded-md transition-colors",
              destructive
                ? "text-white/85 hover:bg-white/15 hover:text-white"
                : "text-ink-muted hover:bg-surface hover:text-ink",
            )}
          >
            <CloseIcon className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ) : null}
      <ToastPrimitive.Viewport className="pointer-events-none fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col gap-2 px-4 pt-4 pb-20 outline-hidden sm:max-w-sm sm:px-6 sm:pt-6" />
    </ToastPrimitive.Provider>
  );
}
