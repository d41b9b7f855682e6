import { and, eq, inArray } from "drizzle-orm";
import type { ActionFunctionArgs } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "~/platform/db/schema/index";
import {
  EMAIL_DELIVERY_JOB,
  createEmailService,
  smtpTransport,
} from "~/platform/email/outbox.server";
import { createJobRunner } from "~/platform/jobs/jobs.server";
import { action } from "~/routes/resources/contact";
import { configuredJobSchedules, jobHandlers } from "../../server/jobs";
import { type SmtpSink, startSmtpSink } from "../fakes/smtp-sink";
import { createTestContext } from "../support/context";
import { type TestDatabase, createTestDatabase } from "../support/database";

let database: TestDatabase;
let sink: SmtpSink;
beforeAll(async () => {
  [database, sink] = await Promise.all([createTestDatabase(), startSmtpSink()]);
});
afterAll(async () => {
  await sink.close();
  await database.destroy();
});
afterEach(() => {
  sink.setOutage(false);
  sink.received.length = 0;
});

function contactContext(clientIp: string) {
  const context = createTestContext(database.db, {
    env: { COMPANY_INBOX: "team@example.com", SMTP_URL: sink.url },
  });
  return { ...context, clientIp };
}

async function sendContactForm(context: ReturnType<typeof contactContext>, email: string) {
  const body = new URLSearchParams({
    name: "Marcus Lee",
    email,
    message: "Quote for 200 screen-printed tees for our 5K, please.",
    returnTo: "/",
    enhanced: "1",
  });
  const request = new Request("https://www.example.com/resources/contact", {
    method: "POST",
    body,
  });
  await action({ request, context, params: {} } as ActionFunctionArgs);
}

const outboxFor = (addresses: string[]) =>
  database.db
    .select()
    .from(emailOutbox)
    .where(
      and(
        inArray(emailOutbox.kind, ["contact-notification", "contact-acknowledgement"]),
        inArray(emailOutbox.toAddress, addresses),
      ),
    );

/** Makes queued emails due now instead of after their backoff. */
const makeDue = () =>
  database.db
    .update(emailOutbox)
    .set({ nextAttemptAt: new Date() })
    .where(eq(emailOutbox.status, "queued"));

describe("contact email over a real SMTP conversation", () => {
  it("delivers the team's notification, with reply-to the visitor, and the visitor's acknowledgement", async () => {
    const context = contactContext("198.51.100.1");
    await sendContactForm(context, "marcus@riverrun.example");
    await context.services.email.stop();

    expect(sink.received).toHaveLength(2);
    const notification = sink.received.find((m) => m.to.includes("team@example.com"));
    const acknowledgement = sink.received.find((m) => m.to.includes("marcus@riverrun.example"));
    expect(notification?.headers["reply-to"]).toBe("marcus@riverrun.example");
    expect(notification?.headers.subject).toBe("New message from Marcus Lee");
    expect(notification?.from).toBe("hello@example.com");
    expect(acknowledgement?.headers.subject).toBe("We received your message | Merch Simplified");
    expect(acknowledgement?.raw).toContain("Content-Type: text/html");

    // This visitor's two emails (the team's inbox also holds other tests' notifications).
    const rows = (await outboxFor(["team@example.com", "marcus@riverrun.example"])).filter(
      (r) => r.toAddress === "marcus@riverrun.example" || r.replyTo === "marcus@riverrun.example",
    );
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ["sent", 1],
      ["sent", 1],
    ]);
  });

  it("keeps both emails through a mail server outage and sends them once it recovers", async () => {
    sink.setOutage(true);
    const context = contactContext("198.51.100.2");
    await sendContactForm(context, "outage@riverrun.example");
    await context.services.email.stop();

    expect(sink.received).toEqual([]);
    const waiting = await outboxFor(["outage@riverrun.example"]);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ status: "queued", attempts: 1 });
    expect(waiting[0]!.lastError).toContain("451");

    sink.setOutage(false);
    await makeDue();
    expect(await context.services.email.deliverDue()).toBeGreaterThanOrEqual(2);
    expect(sink.received.map((m) => m.to[0]).sort()).toEqual([
      "outage@riverrun.example",
      "team@example.com",
    ]);
    const [sent] = await outboxFor(["outage@riverrun.example"]);
    expect(sent).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });

  it("resumes delivery after a restart: the new process's job runner sends what the old one left queued", async () => {
    sink.setOutage(true);
    const before = contactContext("198.51.100.3");
    await sendContactForm(before, "restart@riverrun.example");
    await before.services.email.stop();
    sink.setOutage(false);
    await makeDue();

    // The restarted server: its own email service, and the job runner as server.ts starts it.
    const env = { ...before.env, SMTP_URL: sink.url };
    const email = createEmailService({
      db: database.db,
      from: "hello@example.com",
      transport: smtpTransport(sink.url),
    });
    const runner = createJobRunner({
      db: database.db,
      handlers: jobHandlers({
        db: database.db,
        env,
        logger: before.logger,
        services: { ...before.services, email },
      }),
      schedules: configuredJobSchedules(env).filter((s) => s.kind === EMAIL_DELIVERY_JOB),
    });
    runner.start(60_000);
    try {
      // Polled until sent, for as long as a loaded machine needs (the default gives up after 1 s).
      await expect
        .poll(async () => (await outboxFor(["restart@riverrun.example"]))[0]?.status, {
          timeout: 20_000,
        })
        .toBe("sent");
    } finally {
      await runner.stop();
      await email.stop();
    }
    expect(sink.received.some((m) => m.to.includes("restart@riverrun.example"))).toBe(true);
  });
});
