import { useId } from "react";
import { AdminTable } from "~/platform/admin-kit/AdminTable";
import type { Page } from "~/platform/admin-kit/list";
import { DeleteButton } from "~/platform/admin-kit/RowActions";
import { formatDateTime } from "~/platform/lib/dates";
import { Button } from "~/platform/ui/Button";
import { Select } from "~/platform/ui/Field";
import {
  KNOWLEDGE_SOURCES,
  type KnowledgeCategory,
  type KnowledgeSource,
  categoryName,
  knowledgeMessages as m,
} from "./messages";

/** A knowledge base entry as the screen lists it; `sourceUrl` is set on crawled entries only. */
export interface KnowledgeRow {
  id: string;
  title: string;
  content: string;
  category: KnowledgeCategory;
  importance: number;
  sourceUrl: string | null;
  updatedAt: string;
}

/** The "Written here" / "From website crawl" select, submitted with the search. */
function SourceFilter({ value }: { value: KnowledgeSource | undefined }) {
  const id = useId();
  return (
    <div className="w-48 shrink-0">
      <label htmlFor={id} className="sr-only">
        Source
      </label>
      <Select id={id} name="source" defaultValue={value ?? ""}>
        <option value="">All entries</option>
        {KNOWLEDGE_SOURCES.map(([source, label]) => (
          <option key={source} value={source}>
            {label}
          </option>
        ))}
      </Select>
    </div>
  );
}

export function KnowledgeTable({
  page,
  source,
  onEdit,
}: {
  page: Page<KnowledgeRow>;
  source: KnowledgeSource | undefined;
  onEdit: (entry: KnowledgeRow) => void;
}) {
  return (
    <AdminTable
      page={page}
      caption="Knowledge base entries, by category, importance and title"
      searchLabel="Search title and content"
      filters={<SourceFilter value={source} />}
      empty={
        source === "crawled"
          ? "No entries from the website crawl yet. Run Update AI Knowledge Base on the dashboard."
          : "No knowledge base entries yet."
      }
      columns={[
        {
          header: "Entry",
          className: "max-w-xl",
          cell: (entry) => (
            <div className="space-y-1">
              <p className="font-semibold text-ink">{entry.title}</p>
              <details className="text-ink-muted">
                <summary className="cursor-pointer text-xs font-medium">Content</summary>
                <p className="mt-1 whitespace-pre-wrap">{entry.content}</p>
              </details>
            </div>
          ),
        },
        { header: "Category", cell: (entry) => categoryName(entry.category) },
        { header: "Importance", align: "right", cell: (entry) => entry.importance },
        {
          header: "Source",
          cell: (entry) =>
            entry.sourceUrl ? (
              <span className="block max-w-64">
                <span className="block text-xs font-semibold text-ink-muted">
                  From website crawl
                </span>
                <a
                  href={entry.sourceUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="block truncate font-medium text-brand-800 underline"
                >
                  {entry.sourceUrl}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </span>
            ) : (
              "Written here"
            ),
        },
        { header: "Updated", cell: (entry) => formatDateTime(entry.updatedAt) },
        {
          header: "Actions",
          align: "right",
          cell: (entry) => (
            <div className="flex justify-end gap-1">
              {entry.sourceUrl ? (
                // Read-only: the next crawl replaces it, so an edit here would be lost.
                <span className="self-center px-2 text-xs text-ink-muted">Read-only</span>
              ) : (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => onEdit(entry)}
                  aria-label={`Edit ${entry.title}`}
                >
                  Edit
                </Button>
              )}
              <DeleteButton
                id={entry.id}
                title={m.confirmDelete}
                description={
                  entry.sourceUrl
                    ? `“${entry.title}” leaves the assistant's knowledge until the next crawl of ${entry.sourceUrl}.`
                    : `“${entry.title}” leaves the assistant's knowledge. This cannot be undone.`
                }
                ariaLabel={`Delete ${entry.title}`}
              />
            </div>
          ),
        },
      ]}
    />
  );
}
