import { type FormEvent, useState } from "react";
import { BILLING_INTERVALS, PLANS, PLAN_NAMES } from "~/capabilities/pricing/public";
import { Button } from "~/platform/ui/Button";
import { Container, PageIntro } from "~/platform/ui/Container";
import { Alert, Field, Input, Select, Textarea } from "~/platform/ui/Field";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/platform/ui/Tabs";

type SendState =
  | { status: "idle" }
  | { status: "sending" }
  | { status: "sent"; response: string }
  | { status: "error"; message: string };

/** Posts the form to the JSON endpoint; spec §7: a non-ok answer reads 'Error {status}: {statusText}'. */
async function post(form: HTMLFormElement): Promise<SendState> {
  try {
    const response = await fetch("/resources/test-email", {
      method: "POST",
      body: new FormData(form),
    });
    const text = await response.text();
    let shown = text;
    try {
      shown = JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      // not JSON: keep the raw text
    }
    if (!response.ok)
      return {
        status: "error",
        message: `Error ${response.status}: ${response.statusText}\n${shown}`,
      };
    return { status: "sent", response: shown };
  } catch (error) {
    return {
      status: "error",
      message: error instanceof Error ? error.message : "Unknown error occurred",
    };
  }
}

function useSender(requiredMessage: string, required: string[]) {
  const [state, setState] = useState<SendState>({ status: "idle" });
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = new FormData(form);
    if (required.some((name) => !String(values.get(name) ?? "").trim())) {
      setState({ status: "error", message: requiredMessage });
      return;
    }
    setState({ status: "sending" });
    setState(await post(form));
  }
  return { state, onSubmit };
}

/** The form's button (its label follows the state) and what the last send gave. */
function SendAndOutcome({ state, idle, again }: { state: SendState; idle: string; again: string }) {
  return (
    <>
      <Button type="submit" disabled={state.status === "sending"}>
        {state.status === "sending" ? "Sending..." : state.status === "sent" ? again : idle}
      </Button>
      <Outcome state={state} />
    </>
  );
}

function Outcome({ state }: { state: SendState }) {
  if (state.status === "error") {
    return (
      <Alert tone="error" title="Error">
        <pre className="whitespace-pre-wrap">{state.message}</pre>
      </Alert>
    );
  }
  if (state.status === "sent") {
    return (
      <Alert tone="success" title="Test email queued in the Email Outbox">
        <pre className="mt-2 overflow-auto text-xs" data-testid="raw-response">
          {state.response}
        </pre>
      </Alert>
    );
  }
  return null;
}

export function EmailTestPage({ from, replyTo }: { from: string; replyTo: string }) {
  const checkout = useSender("Email Required", ["email"]);
  const transcript = useSender("Transcript Required", ["email", "transcript"]);
  return (
    <>
      <PageIntro
        eyebrow="Internal tools"
        title="Email Test"
        lead="Send a test checkout confirmation or chat transcript email."
      />
      <Container className="max-w-2xl space-y-4 py-10 sm:pb-16">
        <p className="text-sm text-ink-muted">Sent from: {from}</p>
        <p className="text-sm text-ink-muted">Reply-to: {replyTo}</p>
        <Tabs defaultValue="checkout">
          <TabsList aria-label="Email type">
            <TabsTrigger value="checkout">Checkout Email</TabsTrigger>
            <TabsTrigger value="transcript">Chat Transcript</TabsTrigger>
          </TabsList>
          <TabsContent value="checkout">
            <form noValidate onSubmit={checkout.onSubmit} className="space-y-4">
              <input type="hidden" name="kind" value="checkout" />
              <Field label="Email Address">
                {(c) => <Input {...c} name="email" type="email" autoComplete="off" />}
              </Field>
              <Field label="Plan">
                {(c) => (
                  <Select {...c} name="plan" defaultValue="core">
                    {PLAN_NAMES.map((p) => (
                      <option key={p} value={p}>
                        {PLANS[p].label}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <Field label="Billing Interval">
                {(c) => (
                  <Select {...c} name="interval" defaultValue="monthly">
                    {BILLING_INTERVALS.map((i) => (
                      <option key={i} value={i}>
                        {i === "monthly" ? "Monthly" : "Annual"}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <SendAndOutcome
                state={checkout.state}
                idle="Send Test Email"
                again="Send Another Test Email"
              />
            </form>
          </TabsContent>
          <TabsContent value="transcript">
            <form noValidate onSubmit={transcript.onSubmit} className="space-y-4">
              <input type="hidden" name="kind" value="transcript" />
              <Field label="Customer Email">
                {(c) => <Input {...c} name="email" type="email" autoComplete="off" />}
              </Field>
              <Field label="Email Subject">
                {(c) => <Input {...c} name="subject" defaultValue="Chat Transcript" />}
              </Field>
              <Field label="Chat Transcript">
                {(c) => <Textarea {...c} name="transcript" rows={5} />}
              </Field>
              <SendAndOutcome
                state={transcript.state}
                idle="Send Test Transcript"
                again="Send Another Transcript"
              />
            </form>
          </TabsContent>
        </Tabs>
      </Container>
    </>
  );
}
