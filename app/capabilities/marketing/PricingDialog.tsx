import * as Dialog from "@radix-ui/react-dialog";
import { ButtonLink } from "~/platform/ui/Button";
import { cn } from "~/platform/ui/cn";
import { formatUsd } from "~/platform/lib/money";
import { PLANS, PLAN_NAMES, type PlanName } from "~/capabilities/pricing/public";
import type { PlanPrice } from "~/capabilities/pricing/public";
import { Icon } from "./icons";
import { CloseIcon } from "~/platform/ui/icons";

// The popup's own wording of each plan's features (spec public-site §2), shorter than PLANS'.
const popupFeatures: Record<PlanName, string[]> = {
  core: ["1 logo on up to 25 products", "Gift certificates: pay only for what is used"],
  pro: [
    "Up to 5 logos on up to 150 products",
    "Gift certificates",
    "5% apparel discount",
    "Free inventory of promo products",
    "Multiple decoration locations",
  ],
  elite: [
    "Up to 10 logos on up to 350 products",
    "Gift certificates",
    "10% apparel discount",
    "Free promo inventory",
    "Multiple decoration locations",
    "Garment customization",
    "Customized shipping options",
  ],
};

const plans = PLAN_NAMES.map((name) => ({
  name,
  title: PLANS[name].label,
  features: popupFeatures[name],
}));

/**
 * Spec §2: the webstores pricing popup, full screen below 768 px and 95 % of the screen above,
 * with a close button. The full pricing page is /pricing. Loaded with its dialog library only
 * when a visitor reaches for a pricing button (PricingPopup), so it is not in the first load.
 */
export default function PricingDialog({
  prices,
  open,
  onOpenChange,
  onClosed,
}: {
  prices: PlanPrice[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Gives focus back to the button that opened it. */
  onClosed: () => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-brand-950/60 data-[state=open]:animate-fade-in" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClosed();
          }}
          className={cn(
            "fixed inset-0 z-50 overflow-y-auto bg-white p-6 shadow-raised sm:p-10",
            "md:inset-[2.5%] md:rounded-panel",
            "data-[state=open]:animate-pop-in",
          )}
        >
          <div className="mx-auto max-w-5xl">
            <Dialog.Title className="pr-12 text-3xl font-extrabold tracking-tight text-ink">
              Webstore plans
            </Dialog.Title>
            <Dialog.Description className="mt-2 text-lg text-ink-muted">
              Every plan includes a branded store, on-demand production and no minimums. Save up to
              30% with annual billing.
            </Dialog.Description>
            <ul className="mt-8 grid gap-6 md:grid-cols-3">
              {plans.map((plan) => {
                const price = prices.find((p) => p.name === plan.name);
                return (
                  <li
                    key={plan.name}
                    className={cn(
                      "flex flex-col rounded-card border p-6",
                      plan.name === "pro" ? "border-accent-700 shadow-raised" : "border-line",
                    )}
                  >
                    <h3 className="text-xl font-bold text-ink">{plan.title}</h3>
                    {price ? (
                      <p className="mt-1 text-ink-muted">
                        <span className="text-2xl font-extrabold text-ink">
                          {formatUsd(price.annualPriceCents)}
                        </span>{" "}
                        per year, billed annually
                      </p>
                    ) : null}
                    <ul className="mt-4 space-y-2">
                      {plan.features.map((feature) => (
                        <li key={feature} className="flex gap-2 text-[0.9375rem] text-ink">
                          <Icon name="check" className="mt-0.5 size-5 text-success-700" />
                          {feature}
                        </li>
                      ))}
                    </ul>
                  </li>
                );
              })}
            </ul>
            <div className="mt-8 flex flex-wrap gap-3">
              <ButtonLink to="/pricing" size="lg">
                See full pricing
              </ButtonLink>
              <Dialog.Close className="inline-flex h-13 items-center rounded-control px-7 font-semibold text-ink ring-1 ring-line ring-inset hover:bg-surface">
                Keep exploring
              </Dialog.Close>
            </div>
          </div>
          <Dialog.Close
            aria-label="Close"
            className="absolute top-4 right-4 inline-flex size-11 items-center justify-center rounded-full text-ink-muted hover:bg-surface hover:text-ink"
          >
            <CloseIcon className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
