import { AdminPageHeader } from "~/platform/admin-kit/AdminShell";
import { ResultNotice } from "~/platform/admin-kit/feedback";
import { listQueryOf } from "~/platform/admin-kit/list";
import { loadOrNull } from "~/platform/admin-kit/load.server";
import { requireAdmin } from "~/platform/auth/admin.server";
import { KnowledgeBaseScreen } from "~/capabilities/knowledge/KnowledgeBaseScreen";
import { knowledgeAction, listKnowledge } from "~/capabilities/knowledge/knowledge-admin.server";
import { knowledgeSourceOf } from "~/capabilities/knowledge/messages";
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
