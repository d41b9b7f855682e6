import { requireAdmin } from "~/platform/auth/admin.server";
import { readForm } from "~/platform/forms/read.server";
import { SyncScreen } from "~/capabilities/catalog/SyncScreen";
import { productSyncAction, productSyncPage } from "~/capabilities/catalog/sync-page.server";
import type { RouteHandle } from "~/root";
import { Container, PageIntro } from "~/platform/ui/Container";
import type { Route } from "./+types/product-data-sync";

export const handle: RouteHandle = { title: "Product Data Sync", noindex: true };

// Internal tooling: admins only (ARCHITECTURE.md), unlike the original, which was open to anyone.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return productSyncPage(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const { fields } = await readForm(request);
  return productSyncAction(context, admin, fields);
}

export default function ProductDataSyncPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro
        eyebrow="Supplier tools"
        title="Product Data Sync"
        lead="Synchronise supplier product data into the searchable catalogue."
      />
      <Container className="py-10">
        <SyncScreen data={loaderData} />
      </Container>
    </>
  );
}
