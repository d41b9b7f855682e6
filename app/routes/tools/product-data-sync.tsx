import type { RouteHandle } from "~/root";
import { PageIntro } from "~/ui/Container";

export const handle: RouteHandle = { title: "Product Data Sync", noindex: true };

export default function ProductDataSyncPage() {
  return (
    <PageIntro
      eyebrow="Supplier tools"
      title="Product Data Sync"
      lead="Synchronise supplier product data into the searchable catalogue."
    />
  );
}
