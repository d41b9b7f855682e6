import { ContactSection } from "~/features/contact/ContactSection";
import { PageIntro } from "~/ui/Container";

export default function HomePage() {
  return (
    <>
      <PageIntro
        eyebrow="Merch Simplified"
        title="We Simplify Merch"
        lead="Making merch the easiest part of your job. Company webstores with no minimums and custom bulk orders, printed and embroidered in-house near Cincinnati."
      />
      <ContactSection />
    </>
  );
}
