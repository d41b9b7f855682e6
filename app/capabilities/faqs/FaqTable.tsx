import { useId } from "react";
import { AdminTable } from "~/platform/admin-kit/AdminTable";
import type { Page } from "~/platform/admin-kit/list";
import { ActiveSwitch, ReorderButtons, recordActionsColumn } from "~/platform/admin-kit/RowActions";
import { Select } from "~/platform/ui/Field";
import { FAQ_PAGES, type FaqPageName, faqMessages as m } from "./messages";

/** An FAQ as the FAQs screen lists it, with its place among its own page's FAQs. */
export interface FaqRow {
  id: string;
  question: string;
  answer: string;
  page: FaqPageName;
  isActive: boolean;
  displayOrder: number;
  position: number;
  pageTotal: number;
}

const pageName = (page: string) => FAQ_PAGES.find(([value]) => value === page)?.[1] ?? page;

/** The list's site-page filter (`?shownOn=`), submitted with the search as soon as it changes. */
function PageFilter({ value }: { value: FaqPageName | undefined }) {
  const id = useId();
  return (
    <div className="w-44 shrink-0">
      <label htmlFor={id} className="sr-only">
        Shown on page
      </label>
      <Select
        // A new address (after 'FAQ created.') may change the page: show it.
        key={value}
        id={id}
        name="shownOn"
        defaultValue={value ?? ""}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
      >
        <option value="">All pages</option>
        {FAQ_PAGES.map(([page, name]) => (
          <option key={page} value={page}>
            {name}
          </option>
        ))}
      </Select>
    </div>
  );
}

export function FaqTable({
  page,
  shownOn,
  highlight,
  onEdit,
}: {
  page: Page<FaqRow>;
  shownOn: FaqPageName | undefined;
  highlight?: string;
  onEdit: (faq: FaqRow) => void;
}) {
  const where = shownOn ? `the ${pageName(shownOn)} page` : "their pages";
  return (
    <AdminTable
      page={page}
      caption={`FAQs, in the order ${where} show them`}
      searchLabel="Search FAQs"
      empty={shownOn ? `No FAQs on the ${pageName(shownOn)} page yet.` : "No FAQs yet."}
      filters={<PageFilter value={shownOn} />}
      highlight={highlight}
      columns={[
        {
          header: "Order",
          cell: (faq) =>
            page.q ? (
              <span className="text-ink-muted">{faq.position}</span>
            ) : (
              // Moves stay within the FAQ's own page: its list is the one a visitor sees.
              <ReorderButtons
                list={`faqs-${faq.page}`}
                id={faq.id}
                label={faq.question || "FAQ"}
                position={faq.position}
                count={faq.pageTotal}
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
