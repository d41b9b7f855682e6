import { Suspense, lazy, useRef, useState } from "react";
import type { PlanPrice } from "~/capabilities/pricing/public";
import { Button } from "~/platform/ui/Button";

let dialogModule: ReturnType<typeof importDialog> | undefined;
const importDialog = () => import("./PricingDialog");
const loadDialog = () => (dialogModule ??= importDialog());
const PricingDialog = lazy(loadDialog);

/**
 * A pricing button that opens the plans dialog. The dialog and its library load when a visitor
 * points at, focuses or presses the button (issue 13: nothing a page does not need to paint).
 */
export function PricingPopup({ prices, label }: { prices: PlanPrice[]; label: string }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        variant="secondary"
        size="lg"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={loadDialog}
        onFocus={loadDialog}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {label}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <PricingDialog
            prices={prices}
            open={open}
            onOpenChange={setOpen}
            onClosed={() => button.current?.focus()}
          />
        </Suspense>
      )}
    </>
  );
}
