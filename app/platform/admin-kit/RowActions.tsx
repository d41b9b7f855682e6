import type { ReactNode } from "react";
import type { Column } from "~/platform/ui/DataTable";
import { useFetcher } from "react-router";
import { Button } from "~/platform/ui/Button";
import { ConfirmDialog } from "~/platform/ui/Dialog";
import { ReorderControl } from "~/platform/ui/ReorderControl";
import { Switch } from "~/platform/ui/Switch";
import { useResultToast } from "./feedback";
import type { FormResult } from "~/platform/forms/result";

/**
 * A button that asks first, then posts `fields` (an intent and an id) to the screen's action
 * and toasts the answer. `DeleteButton` is the usual case.
 */
export function ConfirmButton({
  fields,
  title,
  description,
  confirmLabel,
  label,
  ariaLabel,
  variant = "ghost",
}: {
  fields: Record<string, string>;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  label: string;
  ariaLabel?: string;
  variant?: "ghost" | "secondary";
}) {
  const fetcher = useFetcher<FormResult>();
  useResultToast(fetcher.data);
  return (
    <ConfirmDialog
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      onConfirm={() => fetcher.submit(fields, { method: "post" })}
      trigger={
        <Button
          variant={variant}
          size="sm"
          aria-label={ariaLabel}
          disabled={fetcher.state !== "idle"}
        >
          {label}
        </Button>
      }
    />
  );
}

/** Deletes a record (`intent=delete`, `id`) after "Are you sure…?". */
export function DeleteButton({
  id,
  title,
  description,
  ariaLabel,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  ariaLabel: string;
}) {
  return (
    <ConfirmButton
      fields={{ intent: "delete", id }}
      title={title}
      description={description}
      confirmLabel="Delete"
      label="Delete"
      ariaLabel={ariaLabel}
    />
  );
}

/**
 * A switch that saves at once (`intent`, `id`, `value=true|false`), showing the new state while
 * the request runs and the stored one after; `stateLabels` adds a word beside it.
 */
export function ActiveSwitch({
  id,
  intent,
  checked,
  ariaLabel,
  stateLabels,
}: {
  id: string;
  intent: string;
  checked: boolean;
  ariaLabel: string;
  stateLabels?: [on: string, off: string];
}) {
  const fetcher = useFetcher<FormResult>();
  useResultToast(fetcher.data);
  const pending = fetcher.formData?.get("value");
  const shown = pending ? pending === "true" : checked;
  return (
    <div className="flex items-center gap-2">
      <Switch
        checked={shown}
        aria-label={ariaLabel}
        onCheckedChange={(value) =>
          fetcher.submit({ intent, id, value: String(value) }, { method: "post" })
        }
      />
      {stateLabels && (
        <span className="w-9 text-xs font-medium text-ink-muted">
          {shown ? stateLabels[0] : stateLabels[1]}
        </span>
      )}
    </div>
  );
}

/** Moves a row of an ordered list (`intent=move`, `id`, `position`); see `moveRecord`. */
export function ReorderButtons({
  list,
  id,
  label,
  position,
  count,
}: {
  list: string;
  id: string;
  label: string;
  position: number;
  count: number;
}) {
  const fetcher = useFetcher<FormResult>({ key: `${list}-move` });
  useResultToast(fetcher.data?.ok ? undefined : fetcher.data);
  return (
    <ReorderControl
      list={list}
      id={id}
      label={label}
      position={position}
      count={count}
      disabled={fetcher.state !== "idle"}
      onMove={(moved, to) =>
        fetcher.submit({ intent: "move", id: moved, position: String(to) }, { method: "post" })
      }
    />
  );
}

/**
 * The "Actions" column of a record list: Edit (opens the screen's RecordDialog) and Delete
 * (after confirming). `name` says which record, for the buttons' accessible names.
 */
export function recordActionsColumn<Row extends { id: string }>({
  onEdit,
  name,
  deleteTitle,
  deleteDescription,
}: {
  onEdit: (row: Row) => void;
  name: (row: Row) => string;
  deleteTitle: string;
  deleteDescription: (row: Row) => string;
}): Column<Row> {
  return {
    header: "Actions",
    align: "right",
    cell: (row) => (
      <div className="flex justify-end gap-1">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onEdit(row)}
          aria-label={`Edit ${name(row)}`}
        >
          Edit
        </Button>
        <DeleteButton
          id={row.id}
          title={deleteTitle}
          description={deleteDescription(row)}
          ariaLabel={`Delete ${name(row)}`}
        />
      </div>
    ),
  };
}
