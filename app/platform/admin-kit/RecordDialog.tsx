import { type ReactNode, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/platform/ui/Button";
import { Dialog } from "~/platform/ui/Dialog";
import { Alert } from "~/platform/ui/Field";
import { useFocusFirstInvalid, useOnSuccess, useResultToast } from "./feedback";
import type { FormResult } from "~/platform/forms/result";

/** Which record a screen's dialog edits (null: a new one) and whether it is open. */
export function useRecordEditor<Row>() {
  const [record, setRecord] = useState<Row | null>(null);
  const [open, setOpen] = useState(false);
  return {
    record,
    open,
    setOpen,
    /** Opens the dialog on a record, or on an empty form with null. */
    edit: (next: Row | null) => {
      setRecord(next);
      setOpen(true);
    },
  };
}

export type RecordEditor<Row> = ReturnType<typeof useRecordEditor<Row>>;
export type FieldErrors = Record<string, string> | undefined;

/**
 * The dialog every admin screen saves a record with. It posts `intent` (and the record's `id`
 * when editing) with its fetcher, toasts the answer, shows field errors (focus moves to the first),
 * and closes on success.
 * `noValidate`: the server's messages (spec wording) are the ones people see, never the
 * browser's; fields keep `required` for assistive technology.
 */
export function RecordDialog<Row extends { id: string }>({
  name,
  editor,
  title,
  description,
  submitLabel,
  pendingLabel = "Saving...",
  intent = "save",
  showFailure = false,
  size = "lg",
  children,
}: {
  /** Names the save fetcher, unique per screen ("coupon"). */
  name: string;
  editor: RecordEditor<Row>;
  title: (record: Row | null) => string;
  description?: ReactNode;
  submitLabel: (record: Row | null) => string;
  pendingLabel?: string;
  intent?: string;
  /** Also shows a failure's message above the fields (for forms whose errors are not per field). */
  showFailure?: boolean;
  size?: "md" | "lg";
  children: (record: Row | null, errors: FieldErrors) => ReactNode;
}) {
  const fetcher = useFetcher<FormResult>({ key: `${name}-save` });
  useResultToast(fetcher.data);
  useOnSuccess(fetcher.data, () => editor.setOpen(false));
  // An answer from before the dialog was opened belongs to an earlier form: don't show it.
  const [stale, setStale] = useState<FormResult | undefined>(undefined);
  const [wasOpen, setWasOpen] = useState(editor.open);
  if (editor.open !== wasOpen) {
    setWasOpen(editor.open);
    if (editor.open) setStale(fetcher.data);
  }
  const answer = fetcher.data !== stale ? fetcher.data : undefined;
  const failure = answer && !answer.ok ? answer : undefined;
  const saving = fetcher.state !== "idle";
  const record = editor.record;
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, failure);

  return (
    <Dialog
      open={editor.open}
      onOpenChange={editor.setOpen}
      title={title(record)}
      description={description}
      size={size}
    >
      <fetcher.Form ref={form} method="post" noValidate className="space-y-4">
        <input type="hidden" name="intent" value={intent} />
        {record && <input type="hidden" name="id" value={record.id} />}
        {showFailure && failure?.toast && <Alert tone="error">{failure.toast.description}</Alert>}
        {children(record, failure?.fieldErrors)}
        <div className="flex justify-end gap-3 pt-2">
          <Button variant="secondary" onClick={() => editor.setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? pendingLabel : submitLabel(record)}
          </Button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}
