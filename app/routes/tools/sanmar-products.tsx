import type { RouteHandle } from "~/root";
import { PageIntro } from "~/ui/Container";

export const handle: RouteHandle = { title: "SanMar Products", noindex: true };

export default function SanMarProductsPage() {
  return (
    <PageIntro
      eyebrow="Supplier tools"
      title="SanMar Products"
      lead="Products and data files from the SanMar file server."
    />
  );
}
