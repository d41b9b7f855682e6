import { currentUser, requireAdmin } from "~/platform/auth/admin.server";
import { loadCollections } from "~/capabilities/catalog/public.server";
import { ShopNowPage } from "~/capabilities/suppliers/ShopNowPage";
import {
  CONNECTION_TESTS,
  type ConnectionTestId,
  invalidStyle,
  isConnectionTestId,
} from "~/capabilities/suppliers/connection-tests";
import { readForm, textField } from "~/platform/forms/read.server";
import { runConnectionTest } from "~/capabilities/suppliers/connection-tests.server";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/shop-now";

export const handle: RouteHandle = { title: "Shop Our Products" };

// The collections are public; the API test tabs (and their action) are for admins only.
export async function loader({ request, context }: Route.LoaderArgs) {
  const [user, collections] = await Promise.all([
    currentUser(request, context),
    loadCollections(context.db),
  ]);
  if (!user?.isAdmin) return { missing: null, collections };
  const { missing } = context.services.suppliers;
  const byTest = Object.fromEntries(
    CONNECTION_TESTS.map((t) => [
      t.id,
      t.id === "ss-activewear"
        ? missing.ssActivewear
        : t.id === "promostandards" || t.id === "sanmar-username"
          ? missing.promoStandards
          : missing.sanmarStandard,
    ]),
  ) as Record<ConnectionTestId, string[]>;
  return { missing: byTest, collections };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const { fields } = await readForm(request);
  const test = fields.test;
  if (!isConnectionTestId(test)) return invalidStyle("promostandards", "Unknown connection test.");
  return runConnectionTest(context.services.suppliers, test, {
    styleNumber: textField(fields, "styleNumber"),
    method: textField(fields, "method"),
  });
}

export default function ShopNow({ loaderData }: Route.ComponentProps) {
  return <ShopNowPage missing={loaderData.missing} collections={loaderData.collections} />;
}
