// @chunk shell
/** Where browsers fetch a file from storage (shipped media and uploads alike). */
export const MEDIA_URL_PREFIX = "/media";

export function mediaUrl(key: string) {
  return `${MEDIA_URL_PREFIX}/${key}`;
}
