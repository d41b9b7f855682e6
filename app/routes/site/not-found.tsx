import { data } from "react-router";
import type { RouteHandle } from "~/root";
import { NotFound } from "~/platform/shell/error-pages";
import type { Route } from "./+types/not-found";

export const handle: RouteHandle = { title: "Page not found", noindex: true };

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundRoute(_props: Route.ComponentProps) {
  return <NotFound />;
}
