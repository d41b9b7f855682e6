/**
 * What a content read hands a page: the rows, or the fact that the read failed, so each section
 * can show the spec's failure state instead of the whole page failing (spec §8).
 */
export type ContentResult<T> = { ok: true; items: T[] } | { ok: false; items: [] };

/** An uploaded image's web versions and size, so it renders without layout shift. */
export interface ContentImage {
  srcset: string;
  width: number;
  height: number;
  alt: string;
}
