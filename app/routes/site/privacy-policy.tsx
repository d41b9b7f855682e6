import { PageIntro } from "~/ui/Container";

export default function PrivacyPolicyPage() {
  return (
    <PageIntro
      eyebrow="Legal"
      title="Privacy Policy"
      lead="How Merch Simplified collects, uses and protects the information you share with us."
    />
  );
}
