import { PageIntro } from "~/ui/Container";

export default function SignCoTransitionPage() {
  return (
    <PageIntro
      eyebrow="News"
      title="SignCo Is Now Merch Simplified"
      lead="Same people, same in-house production, a sharper focus on the merchandise our customers love."
    />
  );
}
