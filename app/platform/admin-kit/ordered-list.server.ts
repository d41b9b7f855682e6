import { max } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Logger } from "pino";
import { z } from "zod";
import type { Database } from "~/platform/db/client.server";
import type { Queryable } from "~/platform/db/queryable";
import type { Actor } from "~/platform/audit/audit.server";
import { attempt, listPosition, switchValue } from "./action.server";
import { recordId } from "./fields";
import {
  type RecordKind,
  type RecordTable,
  type RowOf,
  deleteRecord,
  moveRecord,
  updateRecord,
} from "./records.server";
import { type FormResult, succeeded } from "~/platform/forms/result";

/**
 * What the content lists (success stories, FAQs, client examples, brand logos) share besides
 * their save: delete, the active switch and moves, with their messages and audit rows.
 */
export interface OrderedList<T extends RecordTable> extends RecordKind<T> {
  /** How log lines name it ("faq"). */
  name: string;
  orderColumn: PgColumn;
  /** The switch's property on the row (`isActive`, or `active` for logos). */
  activeKey: keyof RowOf<T> & string;
  /** What the switch's audit row keeps of the record besides the switch (its title…). */
  label: (row: RowOf<T>) => Record<string, unknown>;
  /** Runs in the delete's transaction, before the row goes. */
  onDelete?: (tx: Queryable, id: string) => Promise<void>;
  messages: {
    delete: string;
    deleted: string;
    /** The switch's failure. */
    status: string;
    activated: string;
    deactivated: string;
    /** A move's failure. */
    move: string;
    moved: string;
  };
}

/** The intents every ordered list answers; a screen adds its own `save`. */
export const orderedListIntents = [
  z.object({ intent: z.literal("delete"), id: recordId }),
  z.object({ intent: z.literal("toggle-active"), id: recordId, value: switchValue }),
  z.object({ intent: z.literal("move"), id: recordId, position: listPosition }),
] as const;

export type OrderedListIntent = z.output<(typeof orderedListIntents)[number]>;

export function orderedListAction<T extends RecordTable>(
  list: OrderedList<T>,
  input: OrderedListIntent,
  { db, logger, admin }: { db: Database; logger: Logger; admin: Actor },
): Promise<FormResult> {
  const m = list.messages;
  switch (input.intent) {
    case "delete":
      return attempt(logger, `${list.name} delete`, m.delete, async () => {
        await db.transaction(async (tx) => {
          await deleteRecord(tx, admin, list, input.id);
          await list.onDelete?.(tx, input.id);
        });
        return succeeded(m.deleted);
      });
    case "toggle-active":
      return attempt(logger, `${list.name} toggle`, m.status, async () => {
        await updateRecord(
          db,
          admin,
          list,
          input.id,
          { [list.activeKey]: input.value } as Partial<T["$inferInsert"]>,
          {
            action: "set-active",
            audited: (row) => ({ ...list.label(row), [list.activeKey]: row[list.activeKey] }),
          },
        );
        return succeeded(input.value ? m.activated : m.deactivated);
      });
    case "move":
      return attempt(logger, `${list.name} move`, m.move, async () => {
        await moveRecord(db, admin, list, input.id, input.position);
        return succeeded(m.moved);
      });
  }
}

/** Spec §4's place for a new story, FAQ or logo: one more than the current maximum, 0 when none. */
export async function nextPosition(tx: Queryable, table: PgTable, column: PgColumn) {
  const [highest] = await tx.select({ top: max(column) }).from(table);
  return highest?.top == null ? 0 : Number(highest.top) + 1;
}
