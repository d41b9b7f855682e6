import { PageIntro } from "~/ui/Container";

export default function CheckoutSuccessPage() {
  return (
    <PageIntro
      eyebrow="Checkout"
      title="Payment Successful!"
      lead="Thank you for choosing Merch Simplified. We will be in touch within one business day to start building your store."
    />
  );
}
