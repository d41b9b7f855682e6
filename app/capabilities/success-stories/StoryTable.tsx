import { AdminTable } from "~/platform/admin-kit/AdminTable";
import type { Page } from "~/platform/admin-kit/list";
import { ActiveSwitch, ReorderButtons, recordActionsColumn } from "~/platform/admin-kit/RowActions";
import { ImageWithFallback } from "~/platform/ui/ImageWithFallback";
import { storyMessages as m } from "./messages";

/** A success story as the Success Stories screen lists it. */
export interface StoryRow {
  id: string;
  title: string;
  companyName: string;
  description: string;
  imageUrl: string | null;
  imageAlt: string;
  linkText: string | null;
  linkUrl: string | null;
  isActive: boolean;
  displayOrder: number;
}

export function StoryTable({
  page,
  onEdit,
}: {
  page: Page<StoryRow>;
  onEdit: (story: StoryRow) => void;
}) {
  const offset = (page.page - 1) * page.pageSize;
  return (
    <AdminTable
      page={page}
      caption="Success stories, in the order the home page shows them"
      searchLabel="Search success stories"
      empty="No success stories yet."
      columns={[
        {
          header: "Order",
          cell: (story) =>
            page.q ? (
              <span className="text-ink-muted">{offset + page.rows.indexOf(story) + 1}</span>
            ) : (
              <ReorderButtons
                list="success-stories"
                id={story.id}
                label={story.title}
                position={offset + page.rows.indexOf(story) + 1}
                count={page.total}
              />
            ),
        },
        {
          header: "Image",
          cell: (story) => (
            <div className="flex size-12 items-center justify-center overflow-hidden rounded-control border border-line bg-surface">
              <ImageWithFallback
                src={story.imageUrl ?? undefined}
                alt={story.imageAlt}
                className="max-h-full max-w-full object-contain"
                fallback={<span className="text-[0.625rem] text-ink-muted">No image</span>}
              />
            </div>
          ),
        },
        {
          header: "Story",
          cell: (story) => (
            <>
              <span className="font-semibold">{story.title}</span>
              <p className="text-xs text-ink-muted">{story.companyName}</p>
            </>
          ),
        },
        {
          header: "Active",
          cell: (story) => (
            <ActiveSwitch
              id={story.id}
              intent="toggle-active"
              checked={story.isActive}
              ariaLabel={`Active: ${story.title}`}
            />
          ),
        },
        recordActionsColumn<StoryRow>({
          onEdit,
          name: (story) => story.title,
          deleteTitle: m.confirmDelete,
          deleteDescription: (story) =>
            `“${story.title}” leaves the home page. This cannot be undone.`,
        }),
      ]}
    />
  );
}
