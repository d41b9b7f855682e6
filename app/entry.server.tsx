import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
// React's build for Bun writes strings; Node's encodes each small piece as it goes (see pageStream).
import { renderToPipeableStream } from "react-dom/server.bun";
import type {
  ActionFunctionArgs,
  AppLoadContext,
  EntryContext,
  LoaderFunctionArgs,
} from "react-router";
import { ServerRouter, isRouteErrorResponse } from "react-router";
import { logSampler } from "~/platform/config/log-sampler";
import { pageStream } from "~/platform/lib/page-stream";
import { loggableUrl } from "~/platform/security/loggable-url";
import { islandsReady } from "~/platform/ui/island";
import { NonceProvider } from "~/platform/ui/nonce";

export const streamTimeout = 5_000;

// The messages of react-router's throwIfPotentialCSRFAttack.
const CROSS_SITE_POST =
  /^(The `request\.url` origin does not match|`origin` header is not a valid URL).*Aborting the action\.$/;

function originHost(request: Request) {
  const origin = request.headers.get("origin") ?? "";
  try {
    return new URL(origin).host.slice(0, 100);
  } catch {
    return "(unreadable)";
  }
}

/** Errors thrown by loaders, actions and rendering go to the request's logger, once. */
export function handleError(
  error: unknown,
  { request, context }: LoaderFunctionArgs | ActionFunctionArgs,
) {
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  if (error instanceof Error && CROSS_SITE_POST.test(error.message)) {
    // React Router's refusal of a form posted from another site (answered 400): a client's
    // doing, which anyone can repeat, so one short sampled line without a stack.
    logSampler.log(
      context.logger,
      "warn",
      "cross-site post",
      { origin: originHost(request) },
      "cross-site form post refused",
    );
    return;
  }
  context.logger.error({ err: error, url: loggableUrl(request.url) }, "unhandled error");
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;
  // Below-the-fold islands load their code lazily in the browser; the server renders them whole.
  await islandsReady();

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once so the stored head metadata is never cut short.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // Never outline a finished Suspense boundary (an island) into a hidden segment that an
        // inline script reveals: without JavaScript it would stay hidden. React outlines once a
        // response passes 12,800 bytes by default; nothing here suspends on the server.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        [readyOption]() {
          shellRendered = true;
          const { sink, body } = pageStream(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(sink as unknown as NodeJS.WritableStream);
          resolve(
            new Response(body, {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext.logger.error({ err: error }, "page render failed");
        },
      },
    );
  });
}
