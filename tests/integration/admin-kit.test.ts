import { asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, faqs } from "~/platform/db/schema/index";
import {
  RecordNotFoundError,
  createRecord,
  deleteRecord,
  moveRecord,
  updateRecord,
} from "~/platform/admin-kit/records.server";
import { type TestDatabase, createTestDatabase } from "../support/database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const actor = { id: null, email: "kit@example.com" };
const faqKind = { table: faqs, entityType: "faq" };

async function order(page: "pricing") {
  const rows = await database.db
    .select({ question: faqs.question, displayOrder: faqs.displayOrder })
    .from(faqs)
    .where(eq(faqs.page, page))
    .orderBy(asc(faqs.displayOrder));
  return rows.map((r) => `${r.displayOrder}:${r.question}`);
}

async function lastAudit() {
  const [row] = await database.db
    .select()
    .from(auditLog)
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return row!;
}

describe("the admin kit's audited writes", () => {
  it("creates, updates and deletes with an audit row each", async () => {
    const created = await createRecord(database.db, actor, faqKind, {
      page: "index",
      question: "Q?",
      answer: "A",
    });
    expect(await lastAudit()).toMatchObject({ action: "create", entityId: created.id });
    const updated = await updateRecord(database.db, actor, faqKind, created.id, { answer: "B" });
    expect(updated.answer).toBe("B");
    expect(await lastAudit()).toMatchObject({
      action: "update",
      before: { answer: "A" },
      after: { answer: "B" },
    });
    await deleteRecord(database.db, actor, faqKind, created.id);
    expect(await database.db.select().from(faqs).where(eq(faqs.id, created.id))).toEqual([]);
    await expect(
      updateRecord(database.db, actor, faqKind, created.id, { answer: "C" }),
    ).rejects.toBeInstanceOf(RecordNotFoundError);
  });

  it("moves a row up, down and to a dropped place, renumbering the list and auditing", async () => {
    const ids: string[] = [];
    for (const [i, question] of ["one", "two", "three", "four"].entries()) {
      const [row] = await database.db
        .insert(faqs)
        .values({ page: "pricing", question, answer: "-", displayOrder: i * 10 })
        .returning();
      ids.push(row!.id);
    }
    const kind = { ...faqKind, orderColumn: faqs.displayOrder, scope: eq(faqs.page, "pricing") };
    // Positions 0, 10, 20, 30: the first move numbers the list 1…n.
    expect(await moveRecord(database.db, actor, kind, ids[1]!, 1)).toBe(true);
    expect(await order("pricing")).toEqual(["1:two", "2:one", "3:three", "4:four"]);
    expect(await lastAudit()).toMatchObject({
      action: "reorder",
      entityId: ids[1],
      before: { position: 2 },
      after: { position: 1 },
    });
    await moveRecord(database.db, actor, kind, ids[0]!, 4);
    expect(await order("pricing")).toEqual(["1:two", "2:three", "3:four", "4:one"]);
    expect(await moveRecord(database.db, actor, kind, ids[1]!, 0)).toBe(false);
    await expect(
      moveRecord(database.db, actor, kind, "00000000-0000-4000-8000-000000000000", 1),
    ).rejects.toBeInstanceOf(RecordNotFoundError);
  });
});
