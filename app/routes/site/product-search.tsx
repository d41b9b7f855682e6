import { PageIntro } from "~/ui/Container";

export default function ProductSearchPage() {
  return (
    <PageIntro
      eyebrow="Catalogue"
      title="Search Products"
      lead="Find blank apparel and accessories from the brands we decorate every day."
    />
  );
}
