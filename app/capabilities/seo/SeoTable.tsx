import { AdminTable } from "~/platform/admin-kit/AdminTable";
import type { Page } from "~/platform/admin-kit/list";
import { recordActionsColumn } from "~/platform/admin-kit/RowActions";
import type { PageSeoRecord } from "./head";

/** A page's SEO record as the SEO Settings screen lists and edits it. */
export interface SeoRow extends PageSeoRecord {
  id: string;
  pagePath: string;
  pageName: string;
}

export function SeoTable({ page, onEdit }: { page: Page<SeoRow>; onEdit: (row: SeoRow) => void }) {
  return (
    <AdminTable
      page={page}
      caption="Pages with SEO settings, by path"
      searchLabel="Search pages"
      empty="No pages have SEO settings yet."
      columns={[
        {
          header: "Page",
          cell: (p) => (
            <>
              <span className="font-semibold">{p.pageName}</span>
              <p className="font-mono text-xs text-ink-muted">{p.pagePath}</p>
            </>
          ),
        },
        {
          header: "Title and description",
          cell: (p) => (
            <>
              {p.title}
              {p.metaDescription && <p className="text-xs text-ink-muted">{p.metaDescription}</p>}
            </>
          ),
        },
        { header: "Keywords", cell: (p) => p.metaKeywords.join(", ") },
        recordActionsColumn<SeoRow>({
          onEdit,
          name: (p) => `SEO settings for ${p.pagePath}`,
          deleteTitle: "Are you sure you want to delete these SEO settings?",
          deleteDescription: (p) =>
            `${p.pagePath} goes back to the site's default title and description.`,
        }),
      ]}
    />
  );
}
