import { uploads } from "~/platform/db/schema/index";

/**
 * What a public list selects, left-joined on the record's upload id, for an <img> without layout
 * shift: the upload's srcset, size and alt, or null when the picture is not an upload (drizzle
 * makes a nested object null when all its columns are).
 */
export const uploadedImage = {
  srcset: uploads.srcset,
  width: uploads.width,
  height: uploads.height,
  alt: uploads.alt,
};
