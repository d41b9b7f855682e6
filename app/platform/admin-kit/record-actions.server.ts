import type { Logger } from "pino";
import type { AppLoadContext } from "react-router";
import { z } from "zod";
import type { Queryable } from "~/platform/db/queryable";
import type { Database } from "~/platform/db/client.server";
import type { Actor } from "~/platform/audit/audit.server";
import { type FormResult, invalidForm, succeeded } from "~/platform/forms/result";
import { attempt, formIntent, parseIntent } from "./action.server";
import { recordId } from "./fields";
import {
  type NewRowOf,
  type RecordKind,
  type RecordTable,
  createRecord,
  deleteRecord,
  updateRecord,
} from "./records.server";

/** What a screen's write needs: the database, the log for a failure, and who acts. */
export type ActionContext = { db: Database; logger: Logger; admin: Actor };

/** A kind of record as an action names it in log lines ("coupon", "SEO"). */
export type NamedKind<T extends RecordTable> = RecordKind<T> & { name: string };

/** The delete every screen's rows answer. */
export const deleteIntent = z.object({ intent: z.literal("delete"), id: recordId });

/** The intents of a screen whose records are only saved and deleted. */
export const saveOrDeleteIntents = z.discriminatedUnion("intent", [
  formIntent("save"),
  deleteIntent,
]);

/**
 * Deletes one record with its audit row; `also` runs in the same transaction (releasing what
 * the record held). Answers the screen's `deleted`, or its `delete` failure.
 */
export function deleteRecordAction<T extends RecordTable>(
  kind: NamedKind<T>,
  { db, logger, admin }: ActionContext,
  id: string,
  messages: { delete: string; deleted: string },
  also?: (tx: Queryable, id: string) => Promise<void>,
): Promise<FormResult> {
  return attempt(logger, `${kind.name} delete`, messages.delete, async () => {
    if (also) {
      await db.transaction(async (tx) => {
        await deleteRecord(tx, admin, kind, id);
        await also(tx, id);
      });
    } else await deleteRecord(db, admin, kind, id);
    return succeeded(messages.deleted);
  });
}

export interface RecordSave<T extends RecordTable> {
  /** The record edited; a new one is created without it. */
  id?: string | null;
  /** An edit's changes. */
  changes: Partial<NewRowOf<T>>;
  /** A new record's values (the changes unless given). */
  created?: NewRowOf<T>;
  /** The screen's failure message (it may differ between create and edit). */
  failure: string;
  messages: { created: string; updated: string };
  /** Runs before an edit; throws to refuse it (the error `known` answers). */
  checkEdit?: (id: string) => Promise<void>;
  /** Answers an error the screen recognises (a duplicate, a rule) in its own words. */
  known?: (error: unknown) => FormResult | undefined;
}

/** Creates or edits one record with its audit row, answering in the screen's words. */
export function saveRecordAction<T extends RecordTable>(
  kind: NamedKind<T>,
  { db, logger, admin }: ActionContext,
  save: RecordSave<T>,
): Promise<FormResult> {
  const { id } = save;
  return attempt(
    logger,
    `${kind.name} save`,
    save.failure,
    async () => {
      if (id) {
        await save.checkEdit?.(id);
        await updateRecord(db, admin, kind, id, save.changes);
        return succeeded(save.messages.updated);
      }
      await createRecord(db, admin, kind, save.created ?? (save.changes as NewRowOf<T>));
      return succeeded(save.messages.created);
    },
    save.known,
  );
}

/**
 * The whole action of a screen whose records are only saved and deleted (SEO, the knowledge
 * base): a delete in the screen's words, or the form parsed (`invalidMessage` says a refused
 * form's message when not its first issue's) and saved as `save` says.
 */
export function recordScreenAction<T extends RecordTable, Form extends z.ZodType>(
  kind: NamedKind<T>,
  screen: {
    form: Form;
    messages: { delete: string; deleted: string };
    save: (values: z.output<Form>, context: ActionContext) => RecordSave<T>;
    invalidMessage?: (input: Record<string, unknown>) => string | undefined;
  },
) {
  return async (
    request: Request,
    { db, logger }: Pick<AppLoadContext, "db" | "logger">,
    admin: Actor,
  ): Promise<FormResult> => {
    const context = { db, logger, admin };
    const input = await parseIntent(request, saveOrDeleteIntents);
    if (input.intent === "delete") {
      return deleteRecordAction(kind, context, input.id, screen.messages);
    }
    const parsed = screen.form.safeParse(input);
    if (!parsed.success) {
      return invalidForm(parsed.error.issues, { message: screen.invalidMessage?.(input) });
    }
    return saveRecordAction(kind, context, screen.save(parsed.data, context));
  };
}
