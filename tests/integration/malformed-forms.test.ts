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

describe("control characters in what a visitor or admin sends (issue 22, fix 5)", () => {
  type Action = (args: never) => Promise<unknown>;
  const form = (pathname: string, fields: Record<string, string>) =>
    new Request(`https://www.example.com${pathname}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "https://www.example.com",
      },
      body: new URLSearchParams(fields),
    });
  const run = (action: Action, request: Request) =>
    settle(() => action({ request, context, params: { sessionId: "cs_unknown" } } as never));
  const statusOf = (result: unknown) =>
    result instanceof Response ? result.status : (result as { init?: ResponseInit }).init?.status;
  const bodyOf = async (result: unknown) =>
    result instanceof Response
      ? await result.text()
      : JSON.stringify((result as { data?: unknown }).data);

  it.each([
    [
      { intent: "apply-coupon", couponCode: "SAVE\u0000" },
      "Coupon code cannot contain control characters.",
    ],
    [{ intent: "pay", email: "a\u0000b@example.com" }, "Email cannot contain control characters."],
    [{ intent: "pay", email: "ab@example.com\u001b" }, "Email cannot contain control characters."],
    [
      {
        intent: "pay",
        email: "ab@example.com",
        appliedCoupon: JSON.stringify({
          code: "SAVE\u0000",
          discountPercentage: 10,
          discountAmountCents: null,
          firstTransactionOnly: false,
        }),
      },
      "Coupon code cannot contain control characters.",
    ],
  ])("the checkout answers %j with a 400 in the field's words", async (fields, message) => {
    const result = await run(
      checkoutAction as Action,
      form("/checkout?plan=pro&interval=annual", fields),
    );
    expect(statusOf(result)).toBe(400);
    expect(await bodyOf(result)).toContain(message);
  });

  it.each<[string, Action]>([["/admin/auth", authAction as Action]])(
    "%s refuses a null byte with a 400 naming the field",
    async (pathname, action) => {
      const result = await run(
        action,
        form(pathname, {
          email: "owner@example.com",
          password: "pa\u0000ss",
          cardNumber: "4242\u0000",
        }),
      );
      expect(statusOf(result)).toBe(400);
      expect(await bodyOf(result)).toMatch(
        /(Password|Card number) cannot contain control characters\./,
      );
    },
  );

  it("keeps tabs and newlines (a text area sends them)", async () => {
    const result = await run(
      checkoutAction as Action,
      form("/checkout?plan=pro&interval=annual", {
        intent: "apply-coupon",
        couponCode: "NOPE\tX\n",
      }),
    );
    expect(await bodyOf(result)).not.toContain("control characters");
  });
});
