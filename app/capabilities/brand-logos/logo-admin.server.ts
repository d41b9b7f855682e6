import { asc } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { brandLogos } from "~/platform/db/schema/index";
import {
  type OrderedList,
  nextPosition,
  orderedListScreenAction,
  withImageAlts,
} from "~/platform/admin-kit/kit.server";
import { logoForm } from "./logo-form";
import { logoMessages as m } from "./messages";

const logos: OrderedList<typeof brandLogos> = {
  table: brandLogos,
  entityType: "brand_logo",
  name: "brand logo",
  orderColumn: brandLogos.orderIndex,
  activeKey: "active",
  label: (row) => ({ name: row.name }),
  image: { url: "logoUrl", uploadId: "logoUploadId" },
  messages: { ...m, status: m.update, move: m.update },
};

/** Every logo by order index (spec §7; a short list, shown whole as cards), with its alt text. */
export async function listLogos(db: Database) {
  const rows = await db
    .select()
    .from(brandLogos)
    .orderBy(asc(brandLogos.orderIndex), asc(brandLogos.id));
  return withImageAlts(db, rows, "logoUploadId", "logoAlt");
}

/** The Brand Logos screen's action: save (add or update), delete, the switch and moves. */
export const logoAction = orderedListScreenAction(logos, {
  form: logoForm,
  save: ({ id, logoAlt, ...values }) => ({
    id,
    values,
    imageAlt: logoAlt,
    place: async (tx) => ({
      orderIndex: await nextPosition(tx, brandLogos, brandLogos.orderIndex),
    }),
  }),
});
