/**
 * The one way tests call a loader or action: what it returned, or the Response it threw.
 * React Router's `data()` (returned or thrown with a status) becomes a Response too, its body
 * the data as JSON, so a test reads statuses, redirects and cookies the same way everywhere.
 */
export async function settle<T>(call: () => Promise<T> | T): Promise<T | Response> {
  let value: unknown;
  try {
    value = await call();
  } catch (thrown) {
    if (thrown instanceof Response || isDataWithInit(thrown)) value = thrown;
    else throw thrown;
  }
  if (isDataWithInit(value)) {
    return new Response(JSON.stringify(value.data ?? null), {
      status: value.init?.status ?? 200,
      headers: { ...Object.fromEntries(new Headers(value.init?.headers)), "x-test-data": "json" },
    });
  }
  return value as T | Response;
}

/** `settle`, read as status, redirect target and data (a Response's JSON body, when it has one). */
export async function outcome<T = unknown>(
  call: () => unknown,
): Promise<{ status: number; location: string | null; data: T }> {
  const value = await settle(call);
  if (!(value instanceof Response)) return { status: 200, location: null, data: value as T };
  const json = value.headers.get("x-test-data") === "json";
  return {
    status: value.status,
    location: value.headers.get("Location"),
    data: (json ? await value.json() : undefined) as T,
  };
}

function isDataWithInit(
  value: unknown,
): value is { data: unknown; init: (ResponseInit & { status?: number }) | null } {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: string }).type === "DataWithResponseInit"
  );
}
