import { PageIntro } from "~/ui/Container";

export default function CheckoutPage() {
  return (
    <PageIntro
      eyebrow="Checkout"
      title="Checkout"
      lead="Review your plan and start your webstore."
    />
  );
}
