import { PageIntro } from "~/ui/Container";

export default function TermsOfServicePage() {
  return (
    <PageIntro
      eyebrow="Legal"
      title="Terms of Service"
      lead="The terms that apply to our webstores, bulk orders and this website."
    />
  );
}
