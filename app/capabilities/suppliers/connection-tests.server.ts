import type { SupplierClients } from "~/platform/suppliers/clients.server";
import {
  CONNECTION_FAILED,
  CONNECTION_SUCCEEDED,
  CONNECTION_TESTS,
  type ConnectionTestId,
  type ConnectionTestResult,
  UNKNOWN_ERROR,
  invalidStyle,
} from "./connection-tests";
import { failed, succeeded } from "~/platform/forms/result";
import { isSupplierError } from "~/platform/suppliers/errors";
import type { PromoStandardsMethod } from "~/platform/suppliers/promostandards.server";
import type { SanMarStandardMethod } from "~/platform/suppliers/sanmar-standard.server";

const STYLE_PATTERN = /^[\w .&+/-]{1,64}$/;

/** Runs one connection test; every failure becomes a result the page can show, never a throw. */
export async function runConnectionTest(
  clients: SupplierClients,
  test: ConnectionTestId,
  input: { styleNumber: string; method: string },
): Promise<ConnectionTestResult> {
  const style = input.styleNumber.trim();
  const definition = CONNECTION_TESTS.find((t) => t.id === test)!;
  const methods: readonly string[] = definition.methods;
  const method = methods.length
    ? methods.includes(input.method)
      ? input.method
      : methods[0]!
    : "";
  if (style && !STYLE_PATTERN.test(style)) {
    return invalidStyle(test, "Enter a style number of letters, digits and spaces (up to 64).");
  }
  const needsStyle =
    test !== "ss-activewear" &&
    ![
      "GetProductCloseOut",
      "GetProductDateModified",
      "getProductBulkInfo",
      "getProductDeltaInfo",
    ].includes(method);
  if (needsStyle && !style) return invalidStyle(test, "Enter a style number.");

  const missingKey =
    test === "ss-activewear"
      ? "ssActivewear"
      : test === "promostandards" || test === "sanmar-username"
        ? "promoStandards"
        : "sanmarStandard";
  if (clients.missing[missingKey].length)
    return failed(undefined, { data: { test, notConfigured: clients.missing[missingKey] } });

  try {
    const { message, data, endpoint } = await call(clients, test, method, style);
    return succeeded(message, CONNECTION_SUCCEEDED, {
      test,
      endpoint,
      response: JSON.stringify(data, null, 2),
    });
  } catch (error) {
    const known = isSupplierError(error);
    return failed(known ? error.message : UNKNOWN_ERROR, {
      title: CONNECTION_FAILED,
      data: {
        test,
        debug: JSON.stringify(
          known
            ? {
                supplier: error.supplier,
                kind: error.kind,
                status: error.status,
                code: error.code,
                retryable: error.retryable,
                method,
              }
            : { method, error: UNKNOWN_ERROR },
          null,
          2,
        ),
      },
    });
  }
}

async function call(
  clients: SupplierClients,
  test: ConnectionTestId,
  method: string,
  style: string,
) {
  switch (test) {
    case "ss-activewear": {
      const ss = clients.ssActivewear!;
      if (!style) {
        const brands = await ss.brands();
        return { message: `Connected: ${brands.length} brands.`, data: brands };
      }
      const products = await ss.getProductsByStyle(style);
      return {
        message: products.length
          ? `Found ${products.length} products for ${style}.`
          : `No products found for ${style}.`,
        data: products,
      };
    }
    case "sanmar": {
      const result = await clients.sanmarStandard!.getProductInfoByStyleColorSize({ style });
      return {
        message: result.message,
        data: result.products,
        endpoint: clients.sanmarStandard!.endpoint,
      };
    }
    case "sanmar-standard": {
      const sanmar = clients.sanmarStandard!;
      const m = method as SanMarStandardMethod;
      const result =
        m === "getProductInfoByStyleColorSize"
          ? await sanmar.getProductInfoByStyleColorSize({ style })
          : m === "getProductInfoByBrand"
            ? await sanmar.getProductInfoByBrand(style)
            : m === "getProductInfoByCategory"
              ? await sanmar.getProductInfoByCategory(style)
              : m === "getProductBulkInfo"
                ? await sanmar.getProductBulkInfo()
                : await sanmar.getProductDeltaInfo();
      return {
        message: result.message,
        data: {
          errorOccured: result.errorOccured,
          message: result.message,
          listResponse: result.products,
        },
        endpoint: sanmar.endpoint,
      };
    }
    case "sanmar-username": {
      const result = await clients.promoStandards!.getProduct(style);
      return { message: `Signed in as the SanMar.com user; ${style} found.`, data: result.data };
    }
    case "promostandards": {
      const ps = clients.promoStandards!;
      const m = method as PromoStandardsMethod;
      const result =
        m === "GetProduct"
          ? await ps.getProduct(style)
          : m === "GetProductSellable"
            ? await ps.getProductSellable({ productId: style || undefined })
            : m === "GetProductCloseOut"
              ? await ps.getProductCloseOut()
              : await ps.getProductDateModified(new Date(Date.now() - 24 * 3600 * 1000));
      return {
        message: `${m} succeeded.`,
        data: { data: result.data, ServiceMessages: result.messages },
        endpoint: ps.endpoint,
      };
    }
  }
}
