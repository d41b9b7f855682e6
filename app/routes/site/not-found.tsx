import { data } from "react-router";
import type { RouteHandle } from "~/root";
import { NotFound } from "~/features/shell/NotFound";

export const handle: RouteHandle = { title: "Page not found", noindex: true };

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}
