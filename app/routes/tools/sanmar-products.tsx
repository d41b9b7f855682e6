import { requireAdmin } from "~/platform/auth/admin.server";
import { SanMarProductsPage } from "~/capabilities/suppliers/SanMarProductsPage";
import {
  clearSanMarListingCache,
  sanmarListing,
} from "~/capabilities/suppliers/sanmar-listing.server";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/sanmar-products";

export const handle: RouteHandle = { title: "SanMar Products", noindex: true };

// Internal tooling: admins only (ARCHITECTURE.md), unlike the original, which was open to anyone.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { result: await sanmarListing(context.services.suppliers) };
}

/** Refresh Connection: drop the 5-minute cache; the loader then reads the server again. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  clearSanMarListingCache();
  return null;
}

export default function SanMarProducts({ loaderData }: Route.ComponentProps) {
  return <SanMarProductsPage result={loaderData.result} />;
}
