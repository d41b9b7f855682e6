import { PageIntro } from "~/ui/Container";

export default function WebstoresPage() {
  return (
    <PageIntro
      eyebrow="Webstores"
      title="Company Webstores"
      lead="A branded online store for your employees, clients or community, built in under 2 weeks, with on-demand production and no inventory to manage."
    />
  );
}
