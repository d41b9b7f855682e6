import sharp from "sharp";
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { generatedSkus, generatedStyle } from "../../app/capabilities/catalog/generated-feed";

/**
 * A stand-in for api.ssactivewear.com on 127.0.0.1. It serves a catalogue generated on demand
 * from the style index (so 10,000 styles × 10 SKUs cost no memory and are the same every run),
 * checks basic auth, always sends X-Rate-Limit-Remaining, and has switches for the failures the
 * client must survive.
 */
export interface FakeSsOptions {
  accountNumber?: string;
  apiKey?: string;
  styles?: number;
  colorsPerStyle?: number;
  sizesPerStyle?: number;
  /**
   * Serve the generated catalogue of `generated-feed.ts` (realistic names, 1 to 9 colours, size
   * runs of 1 to 7: about 17 SKUs a style) instead of `styles` × colours × sizes of "Style n Tee".
   */
  generated?: { seed?: number };
}

export interface FakeSsBehaviour {
  /** Answer 429 once this many requests were served in the current minute (null: never). */
  rateBudget: number | null;
  /**
   * Once this many requests were refused, the minute's window resets and the budget is lifted, as
   * when the supplier's limit passes (null: refuse until a test lifts it).
   */
  refusalsUntilReset: number | null;
  retryAfterSeconds: number | null;
  delayMs: number;
  /** Next N requests: "malformed" sends broken JSON, "drop" cuts the connection mid-body, "500" fails. */
  fault: "malformed" | "drop" | "500" | null;
  faultCount: number;
  /** Style indexes the catalogue no longer carries (a sync should discontinue them). */
  removedStyles: number[];
  /** Dollars added to every price (a sync should count the styles as updated). */
  priceChange: number;
  /** Stock by SKU that differs from the generated figure (what /v2/inventory/ then answers). */
  stock: Record<string, number>;
}

const BRANDS = ["Gildan", "Bella + Canvas", "Next Level", "Comfort Colors", "Independent"];
const CATEGORIES = ["T-Shirts", "Fleece", "Polos", "Outerwear", "Headwear"];
const COLORS = ["Black", "White", "Navy", "Red", "Royal", "Sport Grey", "Forest", "Maroon"];
const SIZES = ["XS", "S", "M", "L", "XL", "2XL", "3XL", "4XL"];

export function fakeStyle(index: number) {
  const styleID = 1000 + index;
  return {
    styleID,
    partNumber: String(10000 + index).padStart(5, "0"),
    brandName: BRANDS[index % BRANDS.length]!,
    styleName: `S${index}`,
    title: `Style ${index} Tee`,
    description: "<ul><li>5.3 oz., 100% cotton</li></ul>",
    baseCategory: CATEGORIES[index % CATEGORIES.length]!,
    categories: "21,71",
    catalogPageNumber: "",
    newStyle: false,
    comparableGroup: index % 7,
    companionGroup: index % 3,
    brandImage: `Images/Brand/${index % BRANDS.length}_fm.jpg`,
    styleImage: `Images/Style/${styleID}_fm.jpg`,
    sustainableStyle: false,
  };
}

function fakeProducts(index: number, colors: number, sizes: number, priceChange = 0) {
  const style = fakeStyle(index);
  const rows = [];
  for (let c = 0; c < colors; c++) {
    for (let s = 0; s < sizes; s++) {
      const skuID = styleID(index) * 100 + c * 10 + s;
      rows.push({
        sku: `B${style.partNumber}${String(c).padStart(2, "0")}${s}`,
        gtin: String(skuID).padStart(14, "0"),
        // As in S&S's own example: skuID_Master, a string colorFamilyID and PolyPackQty.
        skuID_Master: skuID,
        yourSku: "",
        styleID: style.styleID,
        brandName: style.brandName,
        styleName: style.styleName,
        colorName: COLORS[c % COLORS.length]!,
        colorCode: String(c).padStart(2, "0"),
        colorFamilyID: String(c % 4),
        sizeName: SIZES[s % SIZES.length]!,
        sizeOrder: `B${s}`,
        piecePrice: 3.5 + (index % 5) + priceChange,
        customerPrice: 2.95 + (index % 5) + priceChange,
        PolyPackQty: "12",
        qty: fakeStock(index, c, s),
        warehouses: [{ warehouseAbbr: "IL", skuID, qty: (index + s) % 500, closeout: false }],
      });
    }
  }
  return rows;
}

const styleID = (index: number) => 1000 + index;

/** The generated stock of a SKU (the products' `qty`; the inventory's total unless changed). */
export const fakeStock = (index: number, c: number, s: number) => (index * 13 + c * 7 + s) % 2000;

/** `/v2/inventory/` rows of a style: sku, gtin, skuID_Master, yourSku, styleID, warehouses. */
function fakeInventory(
  index: number,
  colors: number,
  sizes: number,
  stock: Record<string, number>,
) {
  return fakeProducts(index, colors, sizes).map((p, n) =>
    inventoryRow(p, stock[p.sku] ?? fakeStock(index, Math.floor(n / sizes), n % sizes)),
  );
}

/** A SKU's `/v2/inventory/` row: its stock split over two warehouses. */
function inventoryRow(
  p: { sku: string; gtin: string; skuID_Master: number; styleID: number },
  total: number,
) {
  const il = Math.floor(total / 2);
  return {
    sku: p.sku,
    gtin: p.gtin,
    skuID_Master: p.skuID_Master,
    yourSku: "",
    styleID: p.styleID,
    warehouses: [
      { warehouseAbbr: "IL", skuID: p.skuID_Master * 10 + 1, qty: il },
      { warehouseAbbr: "NV", skuID: p.skuID_Master * 10 + 2, qty: total - il },
    ],
  };
}

/** What the fake serves for style index i: its style record, SKUs and inventory rows. */
interface FakeCatalogue {
  firstStyleId: number;
  style(index: number): Record<string, unknown>;
  products(index: number, priceChange: number): object[];
  inventory(index: number, stock: Record<string, number>): object[];
  skuCount(styles: number): number;
}

function simpleCatalogue(colors: number, sizes: number): FakeCatalogue {
  return {
    firstStyleId: 1000,
    style: fakeStyle,
    products: (i, priceChange) => fakeProducts(i, colors, sizes, priceChange),
    inventory: (i, stock) => fakeInventory(i, colors, sizes, stock),
    skuCount: (styles) => styles * colors * sizes,
  };
}

function generatedCatalogue(seed: number): FakeCatalogue {
  const skusOf = (index: number, priceChange: number) =>
    generatedSkus(generatedStyle(index, seed), seed).map((sku) => ({
      ...sku,
      sku: sku.sku!,
      skuID_Master: sku.skuID_Master!,
      piecePrice: Math.round(((sku.piecePrice ?? 0) + priceChange) * 100) / 100,
      customerPrice: Math.round(((sku.customerPrice ?? 0) + priceChange) * 100) / 100,
      warehouses: [{ warehouseAbbr: "IL", skuID: sku.skuID_Master, qty: sku.qty ?? 0 }],
    }));
  return {
    firstStyleId: generatedStyle(0, seed).styleID,
    style(index) {
      // `_basePrice` is the generator's own field, not S&S's.
      const { _basePrice, ...style } = generatedStyle(index, seed);
      void _basePrice;
      return style;
    },
    products: skusOf,
    inventory: (index, stock) =>
      skusOf(index, 0).map((p) =>
        inventoryRow(
          { ...p, gtin: String(p.skuID_Master).padStart(14, "0") },
          stock[p.sku] ?? p.qty ?? 0,
        ),
      ),
    skuCount(styles) {
      let count = 0;
      for (let i = 0; i < styles; i++) count += generatedSkus(generatedStyle(i, seed), seed).length;
      return count;
    },
  };
}

export async function startFakeSsActivewear(options: FakeSsOptions = {}) {
  const account = options.accountNumber ?? "123456";
  const key = options.apiKey ?? "test-api-key";
  const styleCount = options.styles ?? 25;
  const colors = options.colorsPerStyle ?? 2;
  const sizes = options.sizesPerStyle ?? 5;
  const catalogue = options.generated
    ? generatedCatalogue(options.generated.seed ?? 1)
    : simpleCatalogue(colors, sizes);
  const expectedAuth = `Basic ${Buffer.from(`${account}:${key}`).toString("base64")}`;
  const behaviour: FakeSsBehaviour = {
    rateBudget: null,
    refusalsUntilReset: null,
    retryAfterSeconds: 1,
    delayMs: 0,
    fault: null,
    faultCount: 1,
    removedStyles: [],
    priceChange: 0,
    stock: {},
  };
  // `delayed`: requests held by `delayMs` and not yet answered, for tests to wait on; `times`:
  // when each of `paths` arrived (Date.now()); `held`: requests waiting for releaseOne().
  const stats = {
    requests: 0,
    rateLimited: 0,
    delayed: 0,
    held: 0,
    paths: [] as string[],
    times: [] as number[],
  };
  let windowStart = Date.now();
  let windowCount = 0;

  const indexOfStyleId = (id: string) => {
    const index = Number(id) - catalogue.firstStyleId;
    return Number.isInteger(index) && index >= 0 && index < styleCount && carried(index)
      ? index
      : -1;
  };
  const carried = (index: number) => !behaviour.removedStyles.includes(index);
  const indexOfPartNumber = (pn: string) => {
    const index = Number(pn) - 10000;
    return /^\d+$/.test(pn) && index >= 0 && index < styleCount ? index : -1;
  };
  const indexOfStyle = (value: string) => {
    const byId = indexOfStyleId(value);
    if (byId >= 0) return byId;
    const byPart = indexOfPartNumber(value);
    if (byPart >= 0) return byPart;
    const match = /\bS(\d+)$/i.exec(value.trim());
    const index = match ? Number(match[1]) : -1;
    return index >= 0 && index < styleCount ? index : -1;
  };

  function send(res: ServerResponse, status: number, body: unknown, remaining: number) {
    const text = JSON.stringify(body);
    const headers: Record<string, string> = {
      "Content-Type": "application/json; charset=utf-8",
      "X-Rate-Limit-Remaining": String(Math.max(0, remaining)),
    };
    if (behaviour.fault && behaviour.faultCount > 0) {
      const fault = behaviour.fault;
      if (--behaviour.faultCount === 0) behaviour.fault = null;
      if (fault === "malformed")
        return res
          .writeHead(200, headers)
          .end(text.slice(0, Math.max(1, text.length - 3)) + "<html>");
      if (fault === "500")
        return res.writeHead(500, headers).end(JSON.stringify({ message: "Internal error" }));
      // Promise a full body, send half of it, then cut the socket.
      res.writeHead(200, { ...headers, "Content-Length": String(Buffer.byteLength(text) + 100) });
      res.write(text.slice(0, Math.ceil(text.length / 2)));
      setTimeout(() => res.socket?.destroy(), 10);
      return;
    }
    res.writeHead(status, headers).end(text);
  }

  const notFound = {
    errors: [
      {
        field: "Identifier",
        message: "Requested item(s) were not found or have been discontinued.",
      },
    ],
  };

  function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://fake");
    // The image host (www.ssactivewear.com/Images/…): public, outside the API's count and limits.
    if (url.pathname.startsWith("/Images/")) {
      void productPicture(url.pathname).then((jpeg) =>
        res
          .writeHead(200, { "Content-Type": "image/jpeg", "Content-Length": jpeg.length })
          .end(jpeg),
      );
      return;
    }
    stats.requests++;
    stats.paths.push(url.pathname + url.search);
    stats.times.push(Date.now());
    if (Date.now() - windowStart >= 60_000) {
      windowStart = Date.now();
      windowCount = 0;
    }
    const limit = behaviour.rateBudget ?? 60;
    if (req.headers.authorization !== expectedAuth) {
      return res
        .writeHead(401, { "Content-Type": "application/json" })
        .end(JSON.stringify({ message: "Authorization has been denied for this request." }));
    }
    if (behaviour.rateBudget !== null && windowCount >= behaviour.rateBudget) {
      stats.rateLimited++;
      const headers: Record<string, string> = {
        "X-Rate-Limit-Remaining": "0",
        "Content-Type": "application/json",
      };
      if (behaviour.retryAfterSeconds !== null)
        headers["Retry-After"] = String(behaviour.retryAfterSeconds);
      if (behaviour.refusalsUntilReset !== null && --behaviour.refusalsUntilReset <= 0) {
        behaviour.rateBudget = null;
        behaviour.refusalsUntilReset = null;
      }
      return res.writeHead(429, headers).end(JSON.stringify({ message: "Too many requests" }));
    }
    windowCount++;
    const remaining = limit - windowCount;
    const [, version, resource, ids] = url.pathname.toLowerCase().split("/");
    if (version !== "v2") return send(res, 404, notFound, remaining);
    const q = (name: string) => {
      for (const [k, v] of url.searchParams) if (k.toLowerCase() === name) return v;
      return undefined;
    };
    const list = (value: string | undefined) =>
      value ? decodeURIComponent(value).split(",").filter(Boolean) : [];

    let body: unknown[];
    if (resource === "categories") {
      body = CATEGORIES.map((name, i) => ({ categoryID: 21 + i, name, image: "deprecated" }));
    } else if (resource === "brands") {
      body = BRANDS.map((name, i) => ({
        brandID: 30 + i,
        name,
        image: `Images/Brand/${i}_fm.png`,
        noeRetailing: false,
      }));
    } else if (resource === "styles") {
      const search = q("search");
      let indexes: number[];
      if (search) {
        const needle = search.toLowerCase();
        indexes = [];
        for (let i = 0; i < styleCount; i++) {
          const s = catalogue.style(i);
          if (
            `${String(s.brandName)} ${String(s.styleName)} ${String(s.title)}`
              .toLowerCase()
              .includes(needle) ||
            String(s.styleName).toLowerCase() === needle
          )
            indexes.push(i);
        }
      } else if (q("styleid")) indexes = list(q("styleid")).map(indexOfStyleId);
      else if (q("partnumber")) indexes = list(q("partnumber")).map(indexOfPartNumber);
      else if (ids) indexes = list(ids).map(indexOfStyle);
      else indexes = Array.from({ length: styleCount }, (_, i) => i).filter(carried);
      body = indexes.filter((i) => i >= 0).map((i) => catalogue.style(i));
    } else if (resource === "products") {
      let indexes: number[] | null = null;
      if (q("styleid")) indexes = list(q("styleid")).map(indexOfStyleId);
      else if (q("partnumber")) indexes = list(q("partnumber")).map(indexOfPartNumber);
      else if (q("style")) indexes = list(q("style")).map(indexOfStyle);
      if (indexes === null)
        return send(
          res,
          400,
          { errors: [{ field: "style", message: "Filter required in this fake" }] },
          remaining,
        );
      body = indexes
        .filter((i) => i >= 0)
        .flatMap((i) => catalogue.products(i, behaviour.priceChange));
    } else if (resource === "inventory") {
      // Filtered like products; without a filter, every style (S&S's "Get All").
      let indexes: number[];
      if (q("styleid")) indexes = list(q("styleid")).map(indexOfStyleId);
      else if (q("style")) indexes = list(q("style")).map(indexOfStyle);
      else indexes = Array.from({ length: styleCount }, (_, i) => i).filter(carried);
      body = indexes.filter((i) => i >= 0).flatMap((i) => catalogue.inventory(i, behaviour.stock));
    } else {
      return send(res, 404, notFound, remaining);
    }
    if (body.length === 0) return send(res, 404, notFound, remaining);
    const fields = list(q("fields")).map((f) => f.toLowerCase());
    // `?fields=` (reference §1.3): only the named fields, written in PascalCase by S&S's docs and
    // matched against the camelCase keys regardless of case.
    if (fields.length) {
      body = body.map((record) =>
        Object.fromEntries(
          Object.entries(record as object).filter(([key]) => fields.includes(key.toLowerCase())),
        ),
      );
    }
    send(res, 200, body, remaining);
  }

  // While set (hold()), API requests wait here until a test lets the next one go (releaseOne()).
  let held: Array<() => void> | null = null;
  const server = createServer((req, res) => {
    if (held && !req.url?.startsWith("/Images/")) {
      stats.held++;
      held.push(() => {
        stats.held--;
        handle(req, res);
      });
    } else if (behaviour.delayMs > 0) {
      stats.delayed++;
      setTimeout(() => {
        stats.delayed--;
        handle(req, res);
      }, behaviour.delayMs);
    } else handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    accountNumber: account,
    apiKey: key,
    styleCount,
    skuCount: catalogue.skuCount(styleCount),
    behaviour,
    stats,
    /** Holds every API request from now on, until releaseOne() lets each go or release() all. */
    hold() {
      held ??= [];
    },
    releaseOne() {
      held?.shift()?.();
    },
    release() {
      const waiting = held ?? [];
      held = null;
      for (const go of waiting) go();
    },
    set(changes: Partial<FakeSsBehaviour>) {
      Object.assign(behaviour, changes);
      windowStart = Date.now();
      windowCount = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const pictures = new Map<string, Promise<Buffer>>();

/** A 600×600 JPEG for an S&S image path: a garment-coloured square whose colour follows the path. */
export function productPicture(path: string) {
  let picture = pictures.get(path);
  if (!picture) {
    let hash = 0;
    for (const char of path) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
    picture = sharp({
      create: {
        width: 600,
        height: 600,
        channels: 3,
        background: { r: hash & 255, g: (hash >> 8) & 255, b: (hash >> 16) & 255 },
      },
    })
      .jpeg()
      .toBuffer();
    pictures.set(path, picture);
  }
  return picture;
}
