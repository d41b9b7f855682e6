import type { SupplierClients } from "~/platform/suppliers/clients.server";
import { isSupplierError } from "~/platform/suppliers/errors";
import type { RemoteFile } from "~/platform/suppliers/sanmar-sftp.server";

export interface SanMarListedProduct {
  id: string;
  styleNumber: string;
  name: string;
  brand: string;
  category: string;
  price: number;
  colors: string[];
  sizes: string[];
}

/** The file-server answer of spec §3 ("FTP response"). */
export interface SanMarListing {
  products: SanMarListedProduct[];
  categories: string[];
  availableFiles: RemoteFile[];
  connectionStatus: "connected";
  filesFound: number;
  targetFile: string;
  targetFileFound: boolean;
  targetFileSize: number | null;
  note: string;
  fetchedAt: string;
}

export type SanMarListingResult =
  | { ok: true; listing: SanMarListing }
  | { ok: false; notConfigured: string[] }
  | { ok: false; notConfigured?: undefined; message: string };

/** Spec §9: the file-server product query is fresh for 5 minutes. */
export const LISTING_TTL_MS = 5 * 60 * 1000;
/** The listing is a preview: reading stops after this many styles. */
const MAX_STYLES = 200;

let cache: { at: number; listing: SanMarListing } | undefined;
let inFlight: Promise<SanMarListing> | undefined;

export function clearSanMarListingCache() {
  cache = undefined;
}

export async function sanmarListing(
  clients: SupplierClients,
  now = Date.now(),
): Promise<SanMarListingResult> {
  const sftp = clients.sanmarSftp;
  if (!sftp) return { ok: false, notConfigured: clients.missing.sanmarSftp };
  if (cache && now - cache.at < LISTING_TTL_MS) return { ok: true, listing: cache.listing };
  try {
    inFlight ??= readListing(sftp).finally(() => (inFlight = undefined));
    const listing = await inFlight;
    cache = { at: Date.now(), listing };
    return { ok: true, listing };
  } catch (error) {
    return {
      ok: false,
      message: isSupplierError(error) ? error.message : "Unknown error occurred",
    };
  }
}

async function readListing(
  sftp: NonNullable<SupplierClients["sanmarSftp"]>,
): Promise<SanMarListing> {
  const survey = await sftp.survey();
  const byStyle = new Map<string, SanMarListedProduct & { sizeOrder: Map<string, number> }>();
  if (survey.target) {
    await sftp.streamCsv({ name: survey.target.name }, (row) => {
      const style = row["STYLE#"];
      if (!style) return;
      let product = byStyle.get(style);
      if (!product) {
        if (byStyle.size >= MAX_STYLES) return false;
        product = {
          id: `sanmar:${style}`,
          styleNumber: style,
          name: (row.PRODUCT_TITLE ?? style).replace(
            new RegExp(`\\.\\s*${escapeRegExp(style)}$`),
            "",
          ),
          brand: row.MILL ?? "",
          category: (row.CATEGORY_NAME ?? "").split(";")[0] ?? "",
          price: Number.POSITIVE_INFINITY,
          colors: [],
          sizes: [],
          sizeOrder: new Map(),
        };
        byStyle.set(style, product);
      }
      const price = Number(row.PIECE_PRICE);
      if (Number.isFinite(price)) product.price = Math.min(product.price, price);
      if (row.COLOR_NAME && !product.colors.includes(row.COLOR_NAME))
        product.colors.push(row.COLOR_NAME);
      if (row.SIZE && !product.sizeOrder.has(row.SIZE))
        product.sizeOrder.set(row.SIZE, Number(row.SIZE_INDEX) || 0);
    });
  }
  const products = [...byStyle.values()].map(({ sizeOrder, ...p }) => ({
    ...p,
    price: Number.isFinite(p.price) ? p.price : 0,
    sizes: [...sizeOrder.entries()].sort((a, b) => a[1] - b[1]).map(([s]) => s),
  }));
  const availableFiles = [...survey.root, ...survey.files];
  return {
    products,
    categories: [...new Set(products.map((p) => p.category).filter(Boolean))].sort(),
    availableFiles,
    connectionStatus: "connected",
    filesFound: availableFiles.length,
    targetFile: "SanMarPDD/SanMar_SDL_N.csv",
    targetFileFound: Boolean(survey.target),
    targetFileSize: survey.target?.size ?? null,
    note: survey.target
      ? `Showing the first ${products.length} styles of ${survey.target.name}.`
      : "The product file was not found on the file server.",
    fetchedAt: new Date().toISOString(),
  };
}

function escapeRegExp(value: string) {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
