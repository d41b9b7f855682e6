import { type FormResult, failed } from "~/platform/forms/result";
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

/**
 * What a connection test shows beside its FormResult's message (the supplier's answer on success,
 * its error on failure, a style number's problem as that field's message).
 */
export interface ConnectionTestData {
  test: ConnectionTestId;
  /** The supplier's answer, as indented JSON. */
  response?: string;
  endpoint?: string;
  /** A failed call's details, under "View Debug Info". */
  debug?: string;
  /** The variables the server lacks for this test: nothing was tried. */
  notConfigured?: string[];
}

export type ConnectionTestResult = FormResult<ConnectionTestData>;

export const CONNECTION_SUCCEEDED = "Connection Successful";
export const CONNECTION_FAILED = "Connection failed";

/** A style number the test cannot use: that field's message, and no call made. */
export function invalidStyle(test: ConnectionTestId, message: string): ConnectionTestResult {
  return failed(message, { fieldErrors: { styleNumber: message }, data: { test } });
}
