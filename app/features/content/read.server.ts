import type { ContentResult } from "./content";

/** Runs a content read; a failure is logged and becomes the section's failure state. */
export async function readContent<T>(
  what: string,
  read: () => Promise<T[]>,
): Promise<ContentResult<T>> {
  try {
    return { ok: true, items: await read() };
  } catch (error) {
    console.error(`${what} read failed`, error);
    return { ok: false, items: [] };
  }
}
