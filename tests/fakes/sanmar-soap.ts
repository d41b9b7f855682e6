import { readFileSync } from "node:fs";
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { type IServices, listen } from "soap";

/**
 * SanMar Standard (Product Info) and PromoStandards Product Data 2.0.0 on 127.0.0.1, served by
 * node-soap from the very WSDLs the clients use, with switches for the failures clients must
 * survive. Credentials mismatches answer as SanMar does: HTTP 200 with errorOccured / code 105.
 */
const wsdlDir = path.resolve(import.meta.dirname, "../../app/platform/suppliers/wsdl");

export interface FakeSanMarBehaviour {
  delayMs: number;
  /** Next N requests: broken XML, a connection cut mid-body, a SOAP Fault, or HTTP 503. */
  fault: "malformed" | "drop" | "soap-fault" | "503" | null;
  faultCount: number;
}

interface FakeSanMarOptions {
  customerNumber?: string;
  username?: string;
  password?: string;
}

const STYLES: Record<
  string,
  { title: string; brand: string; category: string; colors: [string, string][]; sizes: string[] }
> = {
  PC61: {
    title: "Port & Company Essential Tee. PC61",
    brand: "Port & Company",
    category: "T-Shirts",
    colors: [
      ["Athletic Hthr", "Athletic Heather"],
      ["Navy", "Navy"],
    ],
    sizes: ["S", "M", "L", "XL"],
  },
  ST100: {
    title: "Example Brand Core Tee. ST100",
    brand: "Example Brand",
    category: "T-Shirts",
    colors: [["Navy", "Navy"]],
    sizes: ["XS", "S", "M", "L"],
  },
};

function rows(styleKey: string, color?: string, size?: string) {
  const style = STYLES[styleKey.toUpperCase()];
  if (!style) return [];
  const inventoryKey = styleKey.toUpperCase() === "PC61" ? "11803" : "55501";
  return style.colors
    .filter(([catalog]) => !color || catalog.toLowerCase() === color.toLowerCase())
    .flatMap(([catalogColor, display]) =>
      style.sizes
        .map((s, i) => ({ s, i: i + 1 }))
        .filter(({ s }) => !size || s.toLowerCase() === size.toLowerCase())
        .map(({ s, i }) => ({
          productBasicInfo: {
            availableSizes: `Adult Sizes: ${style.sizes[0]}-${style.sizes.at(-1)}`,
            brandName: style.brand,
            caseSize: 72,
            catalogColor,
            color: display,
            inventoryKey,
            productDescription: "5.4-ounce, 100% cotton jersey tee.",
            productStatus: "Active",
            productTitle: style.title,
            size: s,
            sizeIndex: i,
            style: styleKey.toUpperCase(),
            uniqueKey: `${inventoryKey}${i}`,
            category: style.category,
          },
          productPriceInfo: { casePrice: 2.4, dozenPrice: 3.1, piecePrice: 3.1, priceCode: "A/P" },
        })),
    );
}

export async function startFakeSanMarSoap(options: FakeSanMarOptions = {}) {
  const customerNumber = options.customerNumber ?? "123456";
  const username = options.username ?? "webuser1";
  const password = options.password ?? "secret";
  const behaviour: FakeSanMarBehaviour = { delayMs: 0, fault: null, faultCount: 1 };
  // `delayed`: requests held by `delayMs` and not yet answered, for tests to wait on.
  const stats = { requests: 0, delayed: 0 };
  const sleep = async () => {
    stats.delayed++;
    await new Promise((r) => setTimeout(r, behaviour.delayMs));
    stats.delayed--;
  };

  type Login = {
    sanMarCustomerNumber?: string;
    sanMarUserName?: string;
    sanMarUserPassword?: string;
  };
  const loggedIn = (login?: Login) =>
    login?.sanMarCustomerNumber === customerNumber &&
    login.sanMarUserName === username &&
    login.sanMarUserPassword === password;
  const sanmarError = (message: string) => ({ return: { errorOccured: true, message } });
  const fileRequested = {
    return: {
      errorOccured: false,
      message: "Your file will be available shortly in the SanMarPI folder on our FTP server",
    },
  };

  const sanmarPort = {
    async getProductInfoByStyleColorSize(args: { arg0?: unknown; arg1?: Login }) {
      await sleep();
      if (!loggedIn(args.arg1)) return sanmarError("User authentication failed.");
      const products = (Array.isArray(args.arg0) ? args.arg0 : [args.arg0]) as {
        style?: string;
        color?: string;
        size?: string;
      }[];
      const found = products.flatMap((p) => rows(p?.style ?? "", p?.color, p?.size));
      if (!found.length) return sanmarError("Invalid Style + Color + Size specified.");
      return {
        return: {
          errorOccured: false,
          listResponse: found,
          message: "Product Info sent successfully.",
        },
      };
    },
    async getProductBulkInfo(args: { arg0?: Login }) {
      await sleep();
      return loggedIn(args.arg0) ? fileRequested : sanmarError("User authentication failed.");
    },
    async getProductDeltaInfo(args: { arg0?: Login }) {
      await sleep();
      return loggedIn(args.arg0) ? fileRequested : sanmarError("User authentication failed.");
    },
    async getProductInfoByBrand(args: { arg1?: Login }) {
      await sleep();
      return loggedIn(args.arg1) ? fileRequested : sanmarError("User authentication failed.");
    },
    async getProductInfoByCategory(args: { arg1?: Login }) {
      await sleep();
      return loggedIn(args.arg1) ? fileRequested : sanmarError("User authentication failed.");
    },
  };

  type PsLogin = { wsVersion?: string; id?: string; password?: string };
  const psMessage = (code: number, description: string) => ({
    ServiceMessageArray: { ServiceMessage: [{ code, description, severity: "Error" }] },
  });
  function psCheck(args: PsLogin) {
    if (args.wsVersion !== "2.0.0") return psMessage(115, "wsVersion not found");
    if (!args.id || !args.password) return psMessage(110, "Authentication Credentials required");
    if (args.id !== username || args.password !== password)
      return psMessage(105, "Authentication Credentials failed");
    return null;
  }
  const allParts = Object.keys(STYLES).flatMap((style) =>
    rows(style).map((r) => ({ productId: style, partId: r.productBasicInfo.uniqueKey })),
  );

  const psPort = {
    async getProduct(args: PsLogin & { productId?: string }) {
      await sleep();
      const refused = psCheck(args);
      if (refused) return refused;
      const key = (args.productId ?? "").toUpperCase();
      const style = STYLES[key];
      if (!style) return psMessage(130, "Product Id not found");
      return {
        Product: {
          productId: key,
          productName: style.title.replace(/\. \w+$/, ""),
          description: ["5.4-ounce, 100% cotton jersey", "Tear-away label"],
          productBrand: style.brand,
          primaryImageUrl: `https://cdnm.sanmar.com/catalog/images/${key}.jpg`,
          ProductPartArray: {
            ProductPart: rows(key).map((r) => ({
              partId: r.productBasicInfo.uniqueKey,
              ColorArray: {
                Color: [
                  {
                    standardColorName: r.productBasicInfo.color,
                    colorName: r.productBasicInfo.catalogColor,
                  },
                ],
              },
              primaryMaterial: "100% Cotton",
              ApparelSize: { apparelStyle: "Unisex", labelSize: r.productBasicInfo.size },
            })),
          },
        },
      };
    },
    async getProductSellable(args: PsLogin & { productId?: string }) {
      await sleep();
      const refused = psCheck(args);
      if (refused) return refused;
      const parts = allParts.filter(
        (p) => !args.productId || p.productId === args.productId.toUpperCase(),
      );
      if (!parts.length) return psMessage(130, "Product Id not found");
      return { ProductSellableArray: { ProductSellable: parts } };
    },
    async getProductCloseOut(args: PsLogin) {
      await sleep();
      return (
        psCheck(args) ?? {
          ProductCloseOutArray: { ProductCloseOut: [{ productId: "ST100", partId: "555011" }] },
        }
      );
    },
    async getProductDateModified(args: PsLogin & { changeTimeStamp?: unknown }) {
      await sleep();
      return (
        psCheck(args) ?? {
          ProductDateModifiedArray: { ProductDateModified: [{ productId: "PC61" }] },
        }
      );
    },
  };

  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const seen = new WeakSet<IncomingMessage>();
  const faultGate = (req: IncomingMessage, res: ServerResponse) => {
    // Both services wrap the same server, so the outer one may pass a request to the inner one.
    if (seen.has(req)) return true;
    seen.add(req);
    stats.requests++;
    if (!behaviour.fault || behaviour.faultCount <= 0 || req.method !== "POST") return true;
    const fault = behaviour.fault;
    if (--behaviour.faultCount === 0) behaviour.fault = null;
    req.resume();
    if (fault === "malformed") {
      res.writeHead(200, { "Content-Type": "text/xml" }).end("<S:Envelope><S:Body><oops");
    } else if (fault === "503") {
      res.writeHead(503, { "Content-Type": "text/plain" }).end("Service Unavailable");
    } else if (fault === "soap-fault") {
      res
        .writeHead(500, { "Content-Type": "text/xml" })
        .end(
          '<S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body><S:Fault><faultcode>S:Server</faultcode><faultstring>Unmarshalling Error</faultstring></S:Fault></S:Body></S:Envelope>',
        );
    } else {
      res.writeHead(200, { "Content-Type": "text/xml", "Content-Length": "5000" });
      res.write('<S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body>');
      // node-soap calls res.end() when the gate says no, which detaches the socket: keep it.
      const socket = res.socket;
      setTimeout(() => socket?.destroy(), 10);
    }
    return false;
  };

  const ready: Promise<void>[] = [];
  const serve = (servicePath: string, services: IServices, file: string) => {
    let done!: () => void;
    ready.push(new Promise<void>((resolve) => (done = resolve)));
    return listen(
      server,
      servicePath,
      services,
      readFileSync(path.join(wsdlDir, file), "utf8"),
      () => done(),
    );
  };
  const standard = serve(
    "/SanMarWebService/SanMarProductInfoServicePort",
    { SanMarProductInfoServiceService: { SanMarProductInfoServicePort: sanmarPort } },
    "SanMarProductInfoService.wsdl",
  );
  const promo = serve(
    "/promostandards/ProductDataServiceBindingV2",
    { ProductDataServiceV2: { ProductDataServiceBindingV2Port: psPort } },
    "ProductDataServiceV2.wsdl",
  );
  await Promise.all(ready);
  // node-soap ends the response itself when this returns false; ours is already written.
  // node-soap types these with Express's Request; on a plain http server they are node's.
  standard.authorizeConnection = faultGate as unknown as typeof standard.authorizeConnection;
  promo.authorizeConnection = faultGate as unknown as typeof promo.authorizeConnection;

  return {
    url: `http://127.0.0.1:${port}`,
    customerNumber,
    username,
    password,
    behaviour,
    stats,
    set(changes: Partial<FakeSanMarBehaviour>) {
      Object.assign(behaviour, changes);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
