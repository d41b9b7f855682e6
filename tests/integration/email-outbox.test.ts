import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "~/platform/db/schema/index";
import {
  type EmailTransport,
  createEmailService,
  retryDelayMs,
} from "~/platform/email/outbox.server";
import { type TestDatabase, createTestDatabase } from "../support/database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const message = (overrides = {}) => ({
  kind: "test",
  to: "buyer@example.com",
  subject: "Hello",
  text: "Hello there",
  html: "<p>Hello there</p>",
  ...overrides,
});

describe("the email outbox", () => {
  it("without SMTP, stores every email as the destination", async () => {
    const email = createEmailService({ db: database.db, from: "shop@example.com" });
    const { id } = await email.queue(message());
    const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({
      status: "stored",
      toAddress: "buyer@example.com",
      fromAddress: "shop@example.com",
    });
  });

  it("writes an email with a known dedupe key only once", async () => {
    const email = createEmailService({ db: database.db, from: "shop@example.com" });
    const first = await email.queue(message({ dedupeKey: "order:1" }));
    const second = await email.queue(message({ dedupeKey: "order:1" }));
    expect(second).toEqual({ id: first.id, created: false });
    expect(await database.db.$count(emailOutbox, eq(emailOutbox.dedupeKey, "order:1"))).toBe(1);
  });

  it("keeps a failed delivery and retries it later with backoff", async () => {
    let fail = true;
    const delivered: string[] = [];
    const transport: EmailTransport = {
      async send(m) {
        if (fail) throw new Error("connection refused");
        delivered.push(m.subject);
      },
    };
    const email = createEmailService({ db: database.db, from: "shop@example.com", transport });
    const { id } = await email.queue(message({ subject: "Retry me" }));
    await email.stop();
    const [failed] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(failed).toMatchObject({
      status: "queued",
      attempts: 1,
      lastError: "connection refused",
    });
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + retryDelayMs(1) - 5_000);

    fail = false;
    await database.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date() })
      .where(eq(emailOutbox.id, id));
    expect(await email.deliverDue()).toBe(1);
    const [sent] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(sent).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(delivered).toEqual(["Retry me"]);
  });

  it("logs every failed delivery attempt at warn with the email's id, and nothing personal", async () => {
    const warnings: [Record<string, unknown>, string][] = [];
    const transport: EmailTransport = {
      async send() {
        throw new Error("421 try later");
      },
    };
    const email = createEmailService({
      db: database.db,
      from: "shop@example.com",
      transport,
      logger: {
        warn: ((fields: Record<string, unknown>, text: string) =>
          warnings.push([fields, text])) as never,
      },
    });
    const first = await email.queue(message({ subject: "Fail once", dedupeKey: "warn-1" }));
    const second = await email.queue(message({ subject: "Fail twice", dedupeKey: "warn-2" }));
    await email.stop();
    expect(warnings.map(([fields]) => fields.emailId).sort()).toEqual([first.id, second.id].sort());
    expect(warnings.every(([, text]) => text === "email delivery attempt failed")).toBe(true);
    expect(
      JSON.stringify(warnings.map(([fields]) => ({ ...fields, err: String(fields.err) }))),
    ).not.toContain("@");
  });
});
