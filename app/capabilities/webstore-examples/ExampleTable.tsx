import { AdminTable } from "~/platform/admin-kit/AdminTable";
import type { Page } from "~/platform/admin-kit/list";
import { ActiveSwitch, ReorderButtons, recordActionsColumn } from "~/platform/admin-kit/RowActions";
import { ImageWithFallback } from "~/platform/ui/ImageWithFallback";
import { exampleMessages as m } from "./messages";

/** A client webstore example as the screen lists it. */
export interface ExampleRow {
  id: string;
  headerText: string;
  companyName: string;
  logoUrl: string;
  logoAlt: string;
  description: string;
  webstoreUrl: string;
  isActive: boolean;
  displayOrder: number;
}

export function ExampleTable({
  page,
  onEdit,
}: {
  page: Page<ExampleRow>;
  onEdit: (example: ExampleRow) => void;
}) {
  const offset = (page.page - 1) * page.pageSize;
  const position = (example: ExampleRow) => offset + page.rows.indexOf(example) + 1;
  return (
    <AdminTable
      page={page}
      caption="Client webstore examples, in the order the Webstores page shows them"
      searchLabel="Search examples"
      empty="No examples yet."
      columns={[
        {
          header: "Order",
          cell: (example) =>
            page.q ? (
              <span className="text-ink-muted">{example.displayOrder}</span>
            ) : (
              <ReorderButtons
                list="client-webstore-examples"
                id={example.id}
                label={example.companyName}
                position={position(example)}
                count={page.total}
              />
            ),
        },
        {
          header: "Logo",
          cell: (example) => (
            <div className="flex size-12 items-center justify-center overflow-hidden rounded-control border border-line bg-surface">
              <ImageWithFallback
                src={example.logoUrl}
                alt={example.logoAlt || `${example.companyName} logo`}
                className="max-h-full max-w-full object-contain"
                fallback={<span className="text-[0.625rem] text-ink-muted">No image</span>}
              />
            </div>
          ),
        },
        {
          header: "Example",
          cell: (example) => (
            <>
              <span className="font-semibold">{example.companyName}</span>
              <p className="text-xs text-ink-muted">{example.headerText}</p>
            </>
          ),
        },
        {
          header: "Active",
          cell: (example) => (
            <ActiveSwitch
              id={example.id}
              intent="toggle-active"
              checked={example.isActive}
              ariaLabel={`Active: ${example.companyName}`}
            />
          ),
        },
        recordActionsColumn<ExampleRow>({
          onEdit,
          name: (example) => example.companyName,
          deleteTitle: m.confirmDelete,
          deleteDescription: (example) =>
            `${example.companyName} leaves the Webstores page. This cannot be undone.`,
        }),
      ]}
    />
  );
}
