import { asc, count } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { clientWebstoreExamples } from "~/platform/db/schema/index";
import {
  type OrderedList,
  type ListQuery,
  listPage,
  orderedListScreenAction,
  withImageAlts,
} from "~/platform/admin-kit/kit.server";
import { exampleForm } from "./example-form";
import { exampleMessages as m } from "./messages";

const table = clientWebstoreExamples;
const examples: OrderedList<typeof table> = {
  table,
  entityType: "client_webstore_example",
  name: "example",
  orderColumn: table.displayOrder,
  activeKey: "isActive",
  label: (row) => ({ companyName: row.companyName }),
  image: { url: "logoUrl", uploadId: "logoUploadId" },
  messages: { ...m, status: m.save, move: m.save },
};

/** In display order (spec §7), searched by header, company and description; with logo alt text. */
export async function listExamples(db: Database, query: ListQuery) {
  const page = await listPage(db, {
    table,
    searchIn: [table.headerText, table.companyName, table.description],
    orderBy: [asc(table.displayOrder), asc(table.id)],
    query,
  });
  return { ...page, rows: await withImageAlts(db, page.rows, "logoUploadId", "logoAlt") };
}

/** The Client Webstore Examples screen's action: save, delete, the switch and moves. */
export const exampleAction = orderedListScreenAction(examples, {
  form: exampleForm,
  save: ({ id, logoAlt, displayOrder, ...values }) => ({
    id,
    values: { ...values, displayOrder },
    imageAlt: logoAlt,
    // Spec §4: a new example goes after the others (list length + 1) unless placed.
    place: async (tx) => {
      const [listed] = await tx.select({ n: count() }).from(table);
      return { displayOrder: displayOrder ?? (listed?.n ?? 0) + 1 };
    },
  }),
});
