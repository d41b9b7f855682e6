import { type RefObject, useEffect, useRef, useState } from "react";
import { useActionData } from "react-router";
import { Alert } from "~/platform/ui/Field";
import { toast } from "~/platform/ui/toast";
import type { FormResult } from "~/platform/forms/result";

/** Shows an action's toast once per answer (fetcher submissions, with JavaScript). */
export function useResultToast(result: FormResult | undefined) {
  const shown = useRef<FormResult | undefined>(undefined);
  useEffect(() => {
    if (result && result !== shown.current && result.toast) {
      shown.current = result;
      toast(result.toast);
    }
  }, [result]);
}

/**
 * After an answer that refuses fields, moves focus to the first field marked invalid in the form,
 * so a keyboard or screen-reader user lands on the field and hears its message (the field's
 * aria-describedby); the toast still says what the whole save did.
 */
export function useFocusFirstInvalid(
  form: RefObject<HTMLFormElement | null>,
  result: FormResult<unknown> | undefined,
) {
  useEffect(() => {
    if (!result || result.ok || !result.fieldErrors) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, result]);
}

/**
 * Without JavaScript a form posts as a whole page, so there is no toast: the same message
 * appears in the page instead. With JavaScript, fetchers leave the page's action data empty.
 */
export function ResultNotice() {
  const result = useActionData() as FormResult | undefined;
  if (!result?.toast) return null;
  return (
    <Alert tone={result.ok ? "success" : "error"} title={result.toast.title} className="mb-6">
      {result.toast.description}
    </Alert>
  );
}

/**
 * Runs `onSuccess` once per successful answer (to close a dialog after a save). It runs while
 * rendering, so it may only set state of the component that calls this hook.
 */
export function useOnSuccess(result: FormResult | undefined, onSuccess: () => void) {
  const [seen, setSeen] = useState(result);
  if (result !== seen) {
    setSeen(result);
    if (result?.ok) onSuccess();
  }
}
