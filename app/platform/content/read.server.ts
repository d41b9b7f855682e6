import type { AppLoadContext } from "react-router";
import type { ContentResult } from "./content";

/** What a public content read needs: the database, and the request's logger for failures. */
export type ReadContext = Pick<AppLoadContext, "db" | "logger">;

/** Runs a content read; a failure is logged and becomes the section's failure state. */
export async function readContent<T>(
  context: Pick<ReadContext, "logger">,
  what: string,
  read: () => Promise<T[]>,
): Promise<ContentResult<T>> {
  try {
    return { ok: true, items: await read() };
  } catch (error) {
    context.logger.error({ err: error }, `${what} read failed`);
    return { ok: false, items: [] };
  }
}
