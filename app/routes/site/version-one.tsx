import { PageIntro } from "~/ui/Container";

export default function VersionOnePage() {
  return (
    <PageIntro
      eyebrow="Merch Simplified"
      title="We Simplify Merch"
      lead="From company webstores to custom bulk orders, we make branded merchandise the easiest part of your job."
    />
  );
}
