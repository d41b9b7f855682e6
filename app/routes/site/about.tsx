import { PageIntro } from "~/ui/Container";

export default function AboutPage() {
  return (
    <PageIntro
      eyebrow="About us"
      title="We're Family"
      lead="A family-run team that prints and embroiders in-house, and treats every order like it carries our own name."
    />
  );
}
