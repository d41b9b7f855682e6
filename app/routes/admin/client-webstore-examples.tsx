import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { title: "Admin: Client Examples", noindex: true };

export default function AdminClientExamples() {
  return <h1 className="text-2xl font-semibold text-ink">Client Examples</h1>;
}
