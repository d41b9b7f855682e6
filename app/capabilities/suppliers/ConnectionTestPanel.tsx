import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/platform/ui/Button";
import { Alert, Field, Input, Select } from "~/platform/ui/Field";
import { toast } from "~/platform/ui/toast";
import {
  CONNECTION_TESTS,
  type ConnectionTestId,
  type ConnectionTestResult,
  RESPONSE_PREVIEW_LENGTH,
  UNKNOWN_ERROR,
  connectionFailedText,
} from "./connection-tests";

/** One API test tab: a style number (and method), then the states of spec §4. */
export function ConnectionTestPanel({
  test,
  missing,
}: {
  test: ConnectionTestId;
  missing: string[];
}) {
  const definition = CONNECTION_TESTS.find((t) => t.id === test)!;
  const fetcher = useFetcher<ConnectionTestResult>();
  const testing = fetcher.state !== "idle";
  const result = testing ? undefined : fetcher.data;
  const shown = result?.data;
  const failure = result && !result.ok ? result : undefined;
  const invalid = failure?.fieldErrors?.styleNumber;
  const called = shown?.debug !== undefined;
  // Expanded belongs to one result: the next test's response starts as a preview again.
  const [expandedFor, setExpandedFor] = useState<ConnectionTestResult | undefined>();
  const expanded = result !== undefined && expandedFor === result;

  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state === "idle" && answer && !answer.ok && answer.data?.debug !== undefined) {
      if (answer.toast) toast(answer.toast);
    }
  }, [fetcher.state, fetcher.data]);

  const notConfigured = shown?.notConfigured ?? missing;

  return (
    <section
      aria-label={definition.label}
      className="space-y-4 rounded-card border border-line bg-white p-6 shadow-card"
    >
      <h2 className="text-lg font-semibold text-ink">{definition.label}</h2>
      {notConfigured.length > 0 && (
        <Alert tone="info" title="Not configured">
          Set {notConfigured.join(", ")} in the server environment to use this test.
        </Alert>
      )}
      <fetcher.Form method="post" className="grid gap-4 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <input type="hidden" name="test" value={test} />
        <Field label="Style Number" hint={test === "ss-activewear" ? "Optional" : undefined}>
          {(control) => (
            <Input {...control} name="styleNumber" placeholder="e.g. PC61" autoComplete="off" />
          )}
        </Field>
        {definition.methods.length > 0 && (
          <Field label="Method">
            {(control) => (
              <Select {...control} name="method" defaultValue={definition.methods[0]}>
                {definition.methods.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
        <Button type="submit" disabled={testing || notConfigured.length > 0}>
          {testing ? "Testing Connection..." : "Test Connection"}
        </Button>
      </fetcher.Form>

      {invalid && <Alert tone="error">{invalid}</Alert>}

      {result?.ok && shown?.response !== undefined && (
        <div
          role="status"
          className="space-y-2 rounded-card border border-success-700/30 bg-success-50 p-4 text-sm text-success-700"
        >
          <p className="font-semibold">Connection Successful</p>
          <p>{result.toast?.description}</p>
          {shown.endpoint && <p>Endpoint: {shown.endpoint}</p>}
          <pre
            className="max-h-96 overflow-auto rounded bg-white p-3 text-xs text-ink"
            data-testid="response"
          >
            {expanded || shown.response.length <= RESPONSE_PREVIEW_LENGTH
              ? shown.response
              : `${shown.response.slice(0, RESPONSE_PREVIEW_LENGTH)}…`}
          </pre>
          {shown.response.length > RESPONSE_PREVIEW_LENGTH && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setExpandedFor(expanded ? undefined : result)}
              aria-expanded={expanded}
            >
              {expanded ? "Show Less" : "View Full Response"}
            </Button>
          )}
        </div>
      )}

      {failure && called && (
        <div
          role="alert"
          className="space-y-2 rounded-card border border-danger-700/30 bg-danger-50 p-4 text-sm text-danger-700"
        >
          <p className="font-semibold">Connection Error</p>
          <p>{connectionFailedText(definition.provider)}</p>
          <p>{failure.toast?.description || UNKNOWN_ERROR}</p>
          <details>
            <summary className="cursor-pointer font-medium">View Debug Info</summary>
            <pre className="mt-2 overflow-auto rounded bg-white p-3 text-xs text-ink">
              {shown?.debug}
            </pre>
          </details>
        </div>
      )}
    </section>
  );
}
