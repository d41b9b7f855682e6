import type { Queryable } from "~/platform/db/queryable";
import { describeUploads } from "~/platform/uploads/uploads.server";
import type { ContentImage } from "./content";

/** Adds to each item the web versions of its image when it is an upload (srcset, size, alt). */
export async function withImages<T>(
  db: Queryable,
  items: T[],
  urlOf: (item: T) => string | null,
): Promise<Array<T & { image: ContentImage | null }>> {
  const uploads = await describeUploads(db, items.map(urlOf));
  return items.map((item) => {
    const upload = uploads.get(urlOf(item) ?? "");
    return {
      ...item,
      image: upload
        ? { srcset: upload.srcset, width: upload.width, height: upload.height, alt: upload.alt }
        : null,
    };
  });
}
