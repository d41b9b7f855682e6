import { AdminPageHeader } from "~/features/admin/AdminShell";
import { ResultNotice } from "~/features/admin/feedback";
import { listQueryOf } from "~/features/admin/list";
import { loadOrNull } from "~/features/admin/load.server";
import { requireAdmin } from "~/features/auth/admin.server";
import { KnowledgeBaseScreen } from "~/features/knowledge/KnowledgeBaseScreen";
import { knowledgeAction, listKnowledge } from "~/features/knowledge/knowledge-admin.server";
import { knowledgeSourceOf } from "~/features/knowledge/messages";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/knowledge-base";

export const handle: RouteHandle = { title: "Admin: Knowledge Base", noindex: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const source = knowledgeSourceOf(request);
  return {
    source,
    entries: await loadOrNull(context.logger, "knowledge base entries", () =>
      listKnowledge(context.db, listQueryOf(request), source),
    ),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return knowledgeAction(request, context, await requireAdmin(request, context));
}

export default function AdminKnowledgeBase({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader
        title="Knowledge Base"
        description="What the chat assistant answers from: entries written here, and the pages the website crawl reads (read-only, the next crawl replaces them)."
      />
      <ResultNotice />
      <KnowledgeBaseScreen entries={loaderData.entries} source={loaderData.source} />
    </>
  );
}
