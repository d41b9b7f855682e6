import type { SupplierClients } from "~/platform/suppliers/clients.server";
import type { CatalogFeed, SsProduct, SsStyle } from "./ss-records";

/**
 * The S&S feed the sync reads: the S&S Activewear client of the supplier tools, or undefined
 * while S&S is not configured (the sync screen then says it cannot connect).
 */
export function catalogFeed(
  suppliers: Pick<SupplierClients, "ssActivewear">,
): CatalogFeed | undefined {
  const client = suppliers.ssActivewear;
  if (!client) return undefined;
  return {
    // The client returns S&S's records as they come; the sync normalizes every field it reads.
    getStyleIds: () => client.getStyleIds(),
    // The sync sizes its batches to the request budget: one batch, one request of each.
    getStyles: async (ids) => (await client.getStyles(ids, ids?.length)) as unknown as SsStyle[],
    getProductsByStyleIds: async (ids) =>
      (await client.getProductsByStyleIds(ids, ids.length)) as unknown as SsProduct[],
    testConnection: async () => {
      await client.categories();
    },
  };
}
