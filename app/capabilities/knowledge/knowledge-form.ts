import { z } from "zod";
import { optionalRecordId } from "~/platform/admin-kit/fields";
import { KNOWLEDGE_CATEGORIES, type KnowledgeCategory, knowledgeMessages as m } from "./messages";

const categories = KNOWLEDGE_CATEGORIES.map(([value]) => value) as [string, ...string[]];

/**
 * Spec §5: importance is required, 1 to 10; text that is not a number falls back to 1 (as the
 * original form's `parseInt(value) || 1` did), and a decimal keeps its whole part.
 */
const importance = z
  .string(m.importanceRequired)
  .trim()
  .min(1, m.importanceRequired)
  .transform((value) => {
    const number = Number.parseInt(value, 10);
    return Number.isNaN(number) ? 1 : number;
  })
  .pipe(z.number().min(1, m.importanceMin).max(10, m.importanceMax));

/** A knowledge base entry as the create and edit forms post it. */
export const knowledgeForm = z.object({
  id: optionalRecordId,
  title: z.string(m.titleRequired).trim().min(1, m.titleRequired).max(200, m.titleTooLong),
  category: z
    .string(m.categoryRequired)
    .min(1, m.categoryRequired)
    .pipe(z.enum(categories, m.categoryUnknown))
    .transform((value) => value as KnowledgeCategory),
  importance,
  content: z
    .string(m.contentRequired)
    .trim()
    .min(1, m.contentRequired)
    .max(10_000, m.contentTooLong),
});

export type KnowledgeFormValues = z.output<typeof knowledgeForm>;
