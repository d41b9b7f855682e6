import { Readable } from "node:stream";
import { artworkOriginal } from "~/capabilities/quotes/artwork.server";
import { requireAdmin } from "~/platform/auth/admin.server";
import type { Route } from "./+types/quote-artwork-download";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /admin/quote-artwork/:uploadId: a quote's artwork as the buyer sent it (admins only). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const headers = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };
  const found = UUID.test(params.uploadId)
    ? await artworkOriginal({ db: context.db, storage: context.services.storage }, params.uploadId)
    : null;
  if (!found) return new Response("Artwork not found", { status: 404, headers });
  const ascii = found.name.replace(/[^\x20-\x7e]/g, "_").replace(/[\\"]/g, "_");
  return new Response(Readable.toWeb(found.file.body) as ReadableStream, {
    headers: {
      ...headers,
      "Content-Type": found.contentType,
      "Content-Length": String(found.file.size),
      // Always a download: a PDF is never opened in the site's origin.
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(found.name)}`,
      "Content-Security-Policy": "sandbox",
    },
  });
}
