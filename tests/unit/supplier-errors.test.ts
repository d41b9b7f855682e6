import { describe, expect, it, vi } from "vitest";

describe("isSupplierError", () => {
  // server.ts builds the clients from the source while the routes run from the Vite build: two
  // copies of errors.ts, two SupplierError classes. A fresh module instance stands in for the other.
  it("recognises a SupplierError thrown by another copy of the module", async () => {
    const mine = await import("~/platform/suppliers/errors");
    vi.resetModules();
    const other = await import("~/platform/suppliers/errors");
    expect(other.SupplierError).not.toBe(mine.SupplierError);

    const thrown = new other.SupplierError("sanmar-sftp", "network", "The connection failed.", {
      retryable: true,
    });
    expect(thrown instanceof mine.SupplierError).toBe(false);
    expect(mine.isSupplierError(thrown)).toBe(true);
    expect(mine.isSupplierError(new mine.SupplierError("ss-activewear", "auth", "No."))).toBe(true);
  });

  it("refuses other errors, even one that borrows the name", async () => {
    const { isSupplierError } = await import("~/platform/suppliers/errors");
    expect(isSupplierError(new Error("boom"))).toBe(false);
    expect(isSupplierError(Object.assign(new Error("boom"), { name: "SupplierError" }))).toBe(
      false,
    );
    expect(
      isSupplierError({ name: "SupplierError", supplier: "x", kind: "y", retryable: true }),
    ).toBe(false);
    expect(isSupplierError(undefined)).toBe(false);
  });
});
