import type { RouteHandle } from "~/root";
import { PageIntro } from "~/ui/Container";

export const handle: RouteHandle = { title: "Email Test", noindex: true };

export default function TestEmailPage() {
  return (
    <PageIntro
      eyebrow="Internal tools"
      title="Email Test"
      lead="Send a test checkout confirmation or chat transcript email."
    />
  );
}
