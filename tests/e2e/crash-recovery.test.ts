import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { openDatabase } from "~/platform/db/client.server";
import { contactMessages, emailOutbox } from "~/platform/db/schema/index";
import { runFailingStart, startServer } from "../support/server";

// Crashes and restarts of the production server: nothing here is timed, so these run beside
// other files (security.test.ts, which times the server under load, runs alone).

describe("one process per embedded database", () => {
  it("refuses a second server on the same DATA_DIR in one line, and recovers after kill -9", async () => {
    const first = await startServer();
    try {
      const second = await runFailingStart({ DATA_DIR: first.dataDir, PUBLIC_URL: first.url });
      expect(second.code).toBe(1);
      expect(second.output.split("\n")).toHaveLength(1);
      expect(second.output).toMatch(/^DATA_DIR: .* is in use by another server process \(pid \d+/);
      // The first one still serves.
      expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    } finally {
      await first.kill("SIGKILL");
    }
    // A crash leaves the lock behind; the next start takes it over at once.
    const after = await startServer({ dataDir: first.dataDir });
    expect(await after.stop()).toBe(0);
    // A clean stop releases it too.
    const again = await startServer({ dataDir: first.dataDir });
    expect(await again.stop()).toBe(0);
  }, 480_000);
});

describe("kill -9 during a burst of contact messages", () => {
  it("loses no acknowledged message and stores none without its two emails, over 3 rounds", async () => {
    // Each message from its own visitor (as a proxy would say), so the contact limit stays out of it.
    const env = { TRUST_PROXY: "1" };
    let server = await startServer({ env });
    const dataDir = server.dataDir;
    const acknowledged: string[] = [];
    for (let round = 0; round < 3; round++) {
      const burst = Array.from({ length: 24 }, (_, i) => `r${round}-m${i}@burst.example`);
      const posts = burst.map(async (email, i) => {
        await new Promise((r) => setTimeout(r, i * 15));
        try {
          const response = await fetch(`${server.url}/resources/contact`, {
            method: "POST",
            headers: {
              Origin: server.url,
              "Content-Type": "application/x-www-form-urlencoded",
              "X-Forwarded-For": `198.51.100.${round * 30 + i}`,
            },
            body: new URLSearchParams({ enhanced: "1", name: "Burst", email, message: "hi" }),
          });
          if (response.status === 200) acknowledged.push(email);
        } catch {
          // cut off by the crash: not acknowledged
        }
      });
      // Killed mid-burst: once the round's first message is acknowledged, the rest in flight.
      const before = acknowledged.length;
      await vi.waitFor(() => expect(acknowledged.length).toBeGreaterThan(before), {
        timeout: 30_000,
        interval: 5,
      });
      await server.kill("SIGKILL");
      await Promise.all(posts);
      server = await startServer({ dataDir, env });
    }
    await server.stop();
    const database = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    const stored = await database.db.select().from(contactMessages);
    const outbox = await database.db.select({ key: emailOutbox.dedupeKey }).from(emailOutbox);
    await database.close();
    const storedEmails = new Set(stored.map((m) => m.email));
    expect(acknowledged.filter((email) => !storedEmails.has(email))).toEqual([]);
    const keys = new Set(outbox.map((row) => row.key));
    const withoutEmails = stored.filter(
      (m) =>
        !keys.has(`contact-notification:${m.id}`) || !keys.has(`contact-acknowledgement:${m.id}`),
    );
    expect(withoutEmails).toEqual([]);
  }, 400_000);
});
