import type { Logger } from "pino";
/**
 * The one way an admin loader reports that its data could not be read: the value is null (the
 * screen shows its spec message through `<Loaded>`), and the error goes to the log. The rest of
 * the page (navigation, header, "Add" button) still renders.
 */
export async function loadOrNull<T>(
  logger: Logger,
  what: string,
  read: () => Promise<T>,
): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    logger.error({ err: error }, `${what} failed to load`);
    return null;
  }
}
