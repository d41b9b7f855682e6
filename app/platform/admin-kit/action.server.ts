import type { Logger } from "pino";
import { data } from "react-router";
import { z } from "zod";
import { readForm } from "~/platform/forms/read.server";
import { type FormResult, failed } from "~/platform/forms/result";

/** A switch's new state as posted ("true" or "false"). */
export const switchValue = z.enum(["true", "false"]).transform((value) => value === "true");

/** A reorder control's target place in its list, 1-based. */
export const listPosition = z.coerce.number().int().min(1);

/** An intent whose other fields a form schema parses afterwards (a save with field errors). */
export const formIntent = <Name extends string>(name: Name) =>
  z.looseObject({ intent: z.literal(name) });

export const BAD_REQUEST_MESSAGE =
  "This request was not understood. Reload the page and try again.";

/**
 * Reads an admin action's form by its `intent`. An unknown or missing intent, or an id that
 * is not a UUID, is a 400: it never falls through to "save".
 */
export async function parseIntent<Schema extends z.ZodType<{ intent: string }>>(
  request: Request,
  intents: Schema,
): Promise<z.output<Schema>> {
  const { fields } = await readForm(request);
  const parsed = intents.safeParse(fields);
  if (!parsed.success) throw data(failed(BAD_REQUEST_MESSAGE), { status: 400 });
  return parsed.data;
}

/**
 * Runs an action's write and answers with its result. An error `known` recognises (a
 * duplicate, a rule) becomes its answer; any other is logged and answered with `failure`, the
 * screen's spec message.
 */
export async function attempt(
  logger: Logger,
  what: string,
  failure: string,
  write: () => Promise<FormResult>,
  known?: (error: unknown) => FormResult | undefined,
): Promise<FormResult> {
  try {
    return await write();
  } catch (error) {
    const answer = known?.(error);
    if (answer) return answer;
    logger.error({ err: error }, `${what} failed`);
    return failed(failure);
  }
}
