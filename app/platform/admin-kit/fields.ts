import { z } from "zod";

/** A record's id as posted: a UUID, or the request is refused. */
export const recordId = z.string().uuid();

/** The id of the record a form edits; empty or missing when it creates one. */
export const optionalRecordId = recordId.optional().or(z.literal("").transform(() => undefined));
