import { PageIntro } from "~/ui/Container";

export default function BulkOrdersPage() {
  return (
    <PageIntro
      eyebrow="Bulk orders"
      title="Custom Bulk Orders"
      lead="Branded apparel and promotional products for events, gifts and teams, with expert design guidance and a dedicated account manager."
    />
  );
}
