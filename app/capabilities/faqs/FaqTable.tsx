import { AdminTable } from "~/platform/admin-kit/AdminTable";
import type { Page } from "~/platform/admin-kit/list";
import { ActiveSwitch, ReorderButtons, recordActionsColumn } from "~/platform/admin-kit/RowActions";
import { FAQ_PAGES, faqMessages as m } from "./messages";

/** An FAQ as the FAQs screen lists it. */
export interface FaqRow {
  id: string;
  question: string;
  answer: string;
  page: (typeof FAQ_PAGES)[number][0];
  isActive: boolean;
  displayOrder: number;
}

const pageName = (page: string) => FAQ_PAGES.find(([value]) => value === page)?.[1] ?? page;

export function FaqTable({ page, onEdit }: { page: Page<FaqRow>; onEdit: (faq: FaqRow) => void }) {
  const offset = (page.page - 1) * page.pageSize;
  const position = (faq: FaqRow) => offset + page.rows.indexOf(faq) + 1;
  return (
    <AdminTable
      page={page}
      caption="FAQs, in the order their pages show them"
      searchLabel="Search FAQs"
      empty="No FAQs yet."
      columns={[
        {
          header: "Order",
          cell: (faq) =>
            page.q ? (
              <span className="text-ink-muted">{position(faq)}</span>
            ) : (
              <ReorderButtons
                list="faqs"
                id={faq.id}
                label={faq.question || "FAQ"}
                position={position(faq)}
                count={page.total}
              />
            ),
        },
        {
          header: "Question",
          cell: (faq) => <span className="font-semibold">{faq.question || "(no question)"}</span>,
        },
        { header: "Page", cell: (faq) => pageName(faq.page) },
        {
          header: "Active",
          cell: (faq) => (
            <ActiveSwitch
              id={faq.id}
              intent="toggle-active"
              checked={faq.isActive}
              ariaLabel={`Active: ${faq.question}`}
            />
          ),
        },
        recordActionsColumn<FaqRow>({
          onEdit,
          name: (faq) => faq.question || "FAQ",
          deleteTitle: m.confirmDelete,
          deleteDescription: (faq) =>
            `“${faq.question}” leaves the ${pageName(faq.page)} page. This cannot be undone.`,
        }),
      ]}
    />
  );
}
