import { type SQL, max } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { AppLoadContext } from "react-router";
import { z } from "zod";
import type { Queryable } from "~/platform/db/queryable";
import { attempt, formIntent, listPosition, parseIntent, switchValue } from "./action.server";
import { type ActionContext, deleteIntent, deleteRecordAction } from "./record-actions.server";
import { recordId } from "./fields";
import {
  type NewRowOf,
  type RecordKind,
  type RecordTable,
  type RowOf,
  createRecord,
  moveRecord,
  updateRecord,
} from "./records.server";
import { type FormResult, failed, invalidForm, succeeded } from "~/platform/forms/result";
import { UploadError } from "~/platform/uploads/images.server";
import {
  describeUploads,
  ownImageAddress,
  uploadForAddress,
} from "~/platform/uploads/uploads.server";
import type { Actor } from "~/platform/audit/audit.server";

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
  /**
   * The columns of the record's one picture (a logo, a story's image): its address, where a
   * pasted outside address becomes an upload on save, and the upload's id (the foreign key that
   * keeps the upload while the record uses it).
   */
  image?: {
    url: keyof NewRowOf<T> & string;
    uploadId: keyof NewRowOf<T> & string;
  };
  /** The rows a record moves among, when not the whole table (a FAQ moves within its page). */
  moveScope?: (db: Queryable, id: string) => Promise<SQL>;
  messages: {
    save: string;
    created: string;
    updated: string;
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
  deleteIntent,
  z.object({ intent: z.literal("toggle-active"), id: recordId, value: switchValue }),
  z.object({ intent: z.literal("move"), id: recordId, position: listPosition }),
] as const;

export type OrderedListIntent = z.output<(typeof orderedListIntents)[number]>;

export interface ListSave<T extends RecordTable> {
  /** The record edited; a new one is created without it. */
  id?: string | null;
  values: Partial<NewRowOf<T>>;
  /** The picture's alt text (lists with an `image`). */
  imageAlt?: string;
  /** A new record's place in the list (spec §4: after the others unless placed). */
  place: (tx: Queryable) => Promise<Partial<NewRowOf<T>>>;
}

/**
 * The content lists' save (create or edit): the pasted image address made an upload first (its
 * refusal said beside the field), then the write, its audit row and the image's hold in one
 * transaction. A new record's id comes back with the result, for the screen to show it.
 */
export async function saveListRecord<T extends RecordTable>(
  list: OrderedList<T>,
  { db, logger, admin, services }: ActionContext & Partial<Pick<AppLoadContext, "services">>,
  save: ListSave<T>,
): Promise<FormResult> {
  const m = list.messages;
  const values: Record<string, unknown> = { ...save.values };
  const image = list.image;
  const alt = save.imageAlt ?? "";
  if (image) {
    const key = image.url;
    if (!services) throw new Error(`${list.name} save: a list with an image needs the services`);
    try {
      values[key] = await ownImageAddress(
        { db, storage: services.storage, fetchImage: services.images.fromAddress, logger },
        admin,
        (values[key] as string | null | undefined) ?? null,
        alt,
      );
    } catch (error) {
      if (!(error instanceof UploadError)) throw error;
      return failed(error.message, { fieldErrors: { [key]: error.message } });
    }
  }
  return attempt(logger, `${list.name} save`, m.save, async () => {
    const saved = await db.transaction(async (tx) => {
      if (image) {
        const address = values[image.url] as string | null | undefined;
        values[image.uploadId] = await uploadForAddress(tx, address, alt);
      }
      const row = save.id
        ? await updateRecord(tx, admin, list, save.id, values as Partial<NewRowOf<T>>)
        : await createRecord(tx, admin, list, {
            ...values,
            ...(await save.place(tx)),
          } as NewRowOf<T>);
      return row;
    });
    return save.id ? succeeded(m.updated) : { ...succeeded(m.created), id: saved.id as string };
  });
}

export function orderedListAction<T extends RecordTable>(
  list: OrderedList<T>,
  input: OrderedListIntent,
  { db, logger, admin }: ActionContext,
): Promise<FormResult> {
  const m = list.messages;
  switch (input.intent) {
    case "delete":
      return deleteRecordAction(list, { db, logger, admin }, input.id, m);
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
        const scope = await list.moveScope?.(db, input.id);
        await moveRecord(db, admin, { ...list, scope }, input.id, input.position);
        return succeeded(m.moved);
      });
  }
}

/** Spec §4's place for a new story, FAQ or logo: one more than the current maximum, 0 when none. */
export async function nextPosition(tx: Queryable, table: PgTable, column: PgColumn) {
  const [highest] = await tx.select({ top: max(column) }).from(table);
  return highest?.top == null ? 0 : Number(highest.top) + 1;
}

const listIntents = z.discriminatedUnion("intent", [formIntent("save"), ...orderedListIntents]);

/**
 * A content list screen's whole action: save (create or edit, through `form` and `save`), delete,
 * the switch and moves. `invalidTitle` titles a refused form by its first message.
 */
export function orderedListScreenAction<T extends RecordTable, Form extends z.ZodType>(
  list: OrderedList<T>,
  screen: {
    form: Form;
    save: (values: z.output<Form>) => ListSave<T>;
    invalidTitle?: (message: string) => string | undefined;
  },
) {
  return async (
    request: Request,
    {
      db,
      logger,
      services,
    }: Pick<AppLoadContext, "db" | "logger"> & Partial<Pick<AppLoadContext, "services">>,
    admin: Actor,
  ): Promise<FormResult> => {
    const context = { db, logger, admin, services };
    const input = await parseIntent(request, listIntents);
    if (input.intent !== "save") return orderedListAction(list, input, context);
    const parsed = screen.form.safeParse(input);
    if (!parsed.success) {
      const { issues } = parsed.error;
      return invalidForm(issues, { title: screen.invalidTitle?.(issues[0]?.message ?? "") });
    }
    return saveListRecord(list, context, screen.save(parsed.data));
  };
}

/** Rows with their picture's alt text (kept on the upload), under `altKey`. */
export async function withImageAlts<Row extends Record<string, unknown>, AltKey extends string>(
  db: Queryable,
  rows: Row[],
  uploadId: keyof Row & string,
  altKey: AltKey,
): Promise<Array<Row & Record<AltKey, string>>> {
  const idOf = (row: Row) => row[uploadId] as string | null;
  const images = await describeUploads(db, rows.map(idOf));
  return rows.map((row) => {
    const id = idOf(row);
    return { ...row, [altKey]: (id && images.get(id)?.alt) || "" } as Row & Record<AltKey, string>;
  });
}
