import { z } from "zod";

export const LEAD_STATUSES = ["new", "handled"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const MAX_NOTE_LENGTH = 5000;

/** The lead form of the admin screen: a status and a note (blank clears it). */
export const leadUpdateSchema = z.object({
  status: z.enum(LEAD_STATUSES, { message: "Status must be new or handled" }),
  note: z
    .string()
    .trim()
    .max(MAX_NOTE_LENGTH, `Note must be at most ${MAX_NOTE_LENGTH} characters`)
    .transform((note) => note || null),
});

export type LeadUpdate = z.infer<typeof leadUpdateSchema>;
