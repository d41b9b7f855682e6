import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as authAction } from "~/routes/admin/auth";
import { action as checkoutAction } from "~/routes/site/checkout";
import { action as testPaymentAction } from "~/routes/site/test-payment";
import { settle } from "../support/admin";
import { createTestContext } from "../support/context";
import { type TestDatabase, createTestDatabase } from "../support/database";

let database: TestDatabase;
let context: AppLoadContext;
beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  context = createTestContext(database.db);
});
afterAll(() => database.destroy());

const broken = (pathname: string, type: string) =>
  new Request(`https://www.example.com${pathname}`, {
    method: "POST",
    headers: { "Content-Type": type, Origin: "https://www.example.com" },
    body: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nbroken',
  });

describe("a form body that cannot be read", () => {
  type Action = (args: never) => Promise<unknown>;
  it.each<[string, Action]>([
    ["/checkout?plan=pro&interval=annual", checkoutAction as Action],
    ["/admin/auth", authAction as Action],
    ["/checkout/test-payment/cs_unknown", testPaymentAction as Action],
  ])("is a 400 at %s, not a 500", async (pathname, action) => {
    for (const type of ["multipart/form-data", "multipart/form-data; boundary=x"]) {
      const result = await settle(() =>
        action({
          request: broken(pathname, type),
          context,
          params: { sessionId: "cs_unknown" },
        } as never),
      );
      const status =
        result instanceof Response
          ? result.status
          : (result as { init?: ResponseInit }).init?.status;
      expect(status, type).toBeLessThan(500);
      expect([400, 404]).toContain(status);
    }
  });
});
