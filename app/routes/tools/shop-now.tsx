import type { RouteHandle } from "~/root";
import { PageIntro } from "~/ui/Container";

export const handle: RouteHandle = { title: "Shop Our Products", noindex: true };

export default function ShopNowPage() {
  return (
    <PageIntro
      eyebrow="Supplier tools"
      title="Shop Our Products"
      lead="Test the connections to our apparel suppliers and browse what they carry."
    />
  );
}
