import { data, redirect, useNavigation } from "react-router";
import type { RouteHandle } from "~/root";
import { builderPage } from "~/capabilities/quotes/builder.server";
import { QuoteBuilder } from "~/capabilities/quotes/QuoteBuilder";
import { submitQuoteRequest } from "~/capabilities/quotes/request.server";
import { readForm } from "~/platform/forms/read.server";
import { failed } from "~/platform/forms/result";
import { Container, PageIntro } from "~/platform/ui/Container";
import type { Route } from "./+types/quote";

export const handle: RouteHandle = { title: "Your quote", noindex: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  return builderPage(context, new URL(request.url).searchParams);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { fields } = await readForm(request);
  const result = await submitQuoteRequest(context, fields);
  if (result.outcome === "sent") throw redirect(result.path);
  const status = result.outcome === "rate-limited" ? 429 : result.outcome === "failed" ? 503 : 400;
  const headers: HeadersInit =
    result.outcome === "rate-limited" ? { "Retry-After": String(result.retryAfterSeconds) } : {};
  // Each message is listed above the builder; the lines come back as they were typed.
  return data(
    failed(undefined, {
      data: {
        errors: result.errors,
        drafts: result.drafts ?? null,
        contact: result.contact ?? null,
      },
    }),
    { status, headers },
  );
}

export default function QuoteRoute({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <>
      <PageIntro
        eyebrow="Bulk orders"
        title="Your quote"
        lead="Choose colours, sizes and decoration; the price updates as you go. We confirm the final price after checking your artwork."
      />
      <Container className="py-10">
        {loaderData.sent && (
          <p
            role="status"
            className="mb-6 rounded-md border border-green-300 bg-green-50 p-4 text-green-900"
          >
            Thank you. Your quote request is with our team.
          </p>
        )}
        <QuoteBuilder
          matrix={loaderData.matrix}
          added={loaderData.added}
          initialLines={actionData?.data?.drafts ?? null}
          contact={actionData?.data?.contact ?? null}
          errors={actionData?.data?.errors ?? []}
          sending={navigation.state !== "idle" && navigation.formMethod === "POST"}
        />
      </Container>
    </>
  );
}
