/** The five API test tabs of /shop-now (spec §2), shared by the server and the page. */
export const CONNECTION_TESTS = [
  {
    id: "promostandards",
    label: "PromoStandards API Test",
    provider: "SanMar PromoStandards",
    methods: ["GetProductSellable", "GetProduct", "GetProductCloseOut", "GetProductDateModified"],
  },
  {
    id: "sanmar-standard",
    label: "SanMar Standard Web Service",
    provider: "SanMar Standard Web Service",
    methods: [
      "getProductInfoByStyleColorSize",
      "getProductBulkInfo",
      "getProductDeltaInfo",
      "getProductInfoByBrand",
      "getProductInfoByCategory",
    ],
  },
  { id: "sanmar-username", label: "SanMar Test 2 (Username)", provider: "SanMar", methods: [] },
  { id: "sanmar", label: "SanMar API Test", provider: "SanMar", methods: [] },
  {
    id: "ss-activewear",
    label: "S&S Activewear API Test",
    provider: "S&S Activewear",
    methods: [],
  },
] as const;

export type ConnectionTestId = (typeof CONNECTION_TESTS)[number]["id"];

export function isConnectionTestId(value: unknown): value is ConnectionTestId {
  return CONNECTION_TESTS.some((t) => t.id === value);
}

export const RESPONSE_PREVIEW_LENGTH = 500;

export const connectionFailedText = (provider: string) =>
  `Failed to connect to ${provider} API. Please check your credentials or try again later.`;

export const UNKNOWN_ERROR = "Unknown error occurred";

export type ConnectionTestResult =
  | { ok: true; test: ConnectionTestId; message: string; response: string; endpoint?: string }
  | { ok: false; test: ConnectionTestId; notConfigured: string[] }
  | { ok: false; test: ConnectionTestId; notConfigured?: undefined; error: string; debug: string }
  | { ok: false; test: ConnectionTestId; invalid: string };
