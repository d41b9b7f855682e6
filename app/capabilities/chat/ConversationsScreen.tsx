import { useEffect, useId } from "react";
import { Form, Link, useFetcher, useNavigate, useNavigation, useSearchParams } from "react-router";
import { useResultToast } from "~/platform/admin-kit/feedback";
import type { Page } from "~/platform/admin-kit/list";
import type { FormResult } from "~/platform/forms/result";
import { formatDateTime24, formatTime24 } from "~/platform/lib/dates";
import { Button } from "~/platform/ui/Button";
import { cn } from "~/platform/ui/cn";
import { Alert, Input } from "~/platform/ui/Field";
import { toast } from "~/platform/ui/toast";
import { withLinks } from "./AnswerText";
import { chatMessagesText as m } from "./chat-messages";

type When = Date | string;
export interface ConversationRow {
  id: string;
  sessionId: string;
  contactEmail: string | null;
  contactName: string | null;
  startedAt: When;
  updatedAt: When;
}
export interface MessageRow {
  id: string;
  messageText: string;
  isUserMessage: boolean;
  timestamp: When;
}

/** A link to the same list (search and page kept) with `changes` applied. */
function useHref() {
  const [params] = useSearchParams();
  return (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    return next.size ? `?${next}` : ".";
  };
}

export function ConversationSearch({ q }: { q: string }) {
  const id = useId();
  return (
    <Form method="get" role="search" className="flex max-w-md gap-2">
      <label htmlFor={id} className="sr-only">
        {m.search}
      </label>
      <Input id={id} type="search" name="q" defaultValue={q} placeholder={m.search} />
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </Form>
  );
}

/** Delete at once (spec: no confirmation); a deleted selection is cleared (see MessagePane). */
function DeleteConversation({ row }: { row: ConversationRow }) {
  const fetcher = useFetcher<FormResult>();
  useResultToast(fetcher.data);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={row.id} />
      <Button
        type="submit"
        variant="ghost"
        size="sm"
        disabled={fetcher.state !== "idle"}
        aria-label={`Delete conversation ${row.sessionId}`}
      >
        Delete
      </Button>
    </fetcher.Form>
  );
}

export function ConversationList({
  page,
  selectedId,
}: {
  page: Page<ConversationRow>;
  selectedId: string | undefined;
}) {
  const href = useHref();
  const navigation = useNavigation();
  // Only a new search or page reloads the list; opening a conversation keeps it on screen.
  const next = navigation.state === "loading" ? navigation.location : undefined;
  const nextParams = new URLSearchParams(next?.search);
  const loading =
    next !== undefined &&
    next.pathname.endsWith("/chat-conversations") &&
    ((nextParams.get("q") ?? "") !== page.q || Number(nextParams.get("page") ?? "1") !== page.page);
  return (
    <div className="flex max-h-[600px] flex-col rounded-card lg:h-[600px] border border-line bg-white shadow-card">
      <div className="min-h-0 flex-1 overflow-y-auto" aria-busy={loading}>
        {loading ? (
          <p className="p-6 text-center text-sm text-ink-muted">{m.loading}</p>
        ) : page.rows.length === 0 ? (
          <p className="p-6 text-center text-sm text-ink-muted">
            {page.q ? m.noMatches : m.noConversations}
          </p>
        ) : (
          <ul className="divide-y divide-line">
            {page.rows.map((row) => (
              <li
                key={row.id}
                className={cn("flex items-start gap-2 p-3", row.id === selectedId && "bg-brand-50")}
              >
                <Link
                  to={href({ id: row.id })}
                  aria-current={row.id === selectedId ? "true" : undefined}
                  className="min-w-0 flex-1 rounded-control text-sm focus-visible:ring-2 focus-visible:ring-brand-500/30 focus-visible:outline-none"
                >
                  <span className="block truncate font-mono font-semibold">{row.sessionId}</span>
                  {row.contactEmail && <span className="block truncate">{row.contactEmail}</span>}
                  {row.contactName && <span className="block truncate">{row.contactName}</span>}
                  <span className="block text-xs text-ink-muted">
                    {formatDateTime24(row.updatedAt)}
                  </span>
                </Link>
                <DeleteConversation row={row} />
              </li>
            ))}
          </ul>
        )}
      </div>
      {page.pageCount > 1 && (
        <nav
          aria-label="Conversations: pages"
          className="flex items-center gap-3 border-t border-line p-3 text-sm"
        >
          {page.page > 1 && (
            <Link
              to={href({ page: String(page.page - 1), id: null })}
              className="font-medium text-brand-800 underline"
            >
              Previous
            </Link>
          )}
          <span className="text-ink-muted">
            Page {page.page} of {page.pageCount}
          </span>
          {page.page < page.pageCount && (
            <Link
              to={href({ page: String(page.page + 1), id: null })}
              className="font-medium text-brand-800 underline"
            >
              Next
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}

export function MessagePane({
  selected,
}: {
  selected: { conversation: ConversationRow; messages: MessageRow[] } | null | undefined;
}) {
  useEffect(() => {
    if (selected === null)
      toast({ title: "Error", description: m.fetchMessages, variant: "destructive" });
  }, [selected]);
  // The address names a conversation that is gone (just deleted, or an old link): drop it, so
  // the address says what the screen shows. Decided here, where the loader's answer arrives,
  // not in the deleted row, which leaves the page in the same update.
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const withoutId = useHref()({ id: null });
  const gone = selected === undefined && params.has("id");
  useEffect(() => {
    if (gone) navigate(withoutId, { replace: true, preventScrollReset: true });
  }, [gone, navigate, withoutId]);
  return (
    <section
      aria-label="Messages"
      className="flex h-[500px] flex-col rounded-card border border-line bg-white shadow-card"
    >
      {selected === undefined ? (
        <div className="m-auto p-6 text-center">
          <h2 className="text-lg font-bold text-ink">{m.selectTitle}</h2>
          <p className="mt-1 text-sm text-ink-muted">{m.selectHint}</p>
        </div>
      ) : selected === null ? (
        <Alert tone="error" className="m-4">
          {m.fetchMessages}
        </Alert>
      ) : (
        <>
          <header className="border-b border-line p-4">
            <h2 className="truncate font-mono text-sm font-semibold">
              {selected.conversation.sessionId}
            </h2>
            <p className="text-xs text-ink-muted">
              Started {formatDateTime24(selected.conversation.startedAt)}
            </p>
          </header>
          <div className="min-h-0 flex-1 space-y-3 overflow-y-auto p-4">
            {selected.messages.length === 0 ? (
              <p className="text-center text-sm text-ink-muted">{m.noMessages}</p>
            ) : (
              selected.messages.map((message) => (
                <div
                  key={message.id}
                  className={cn("flex", message.isUserMessage ? "justify-end" : "justify-start")}
                >
                  <div
                    className={cn(
                      "max-w-[80%] rounded-card px-3 py-2 text-sm",
                      message.isUserMessage ? "bg-brand-800 text-white" : "bg-surface text-ink",
                    )}
                  >
                    <p className="text-xs font-semibold opacity-80">
                      {message.isUserMessage ? "Customer" : "AI Assistant"} ·{" "}
                      <time dateTime={new Date(message.timestamp).toISOString()}>
                        {formatTime24(message.timestamp)}
                      </time>
                    </p>
                    <p className="mt-1 whitespace-pre-wrap">
                      {message.isUserMessage ? message.messageText : withLinks(message.messageText)}
                    </p>
                  </div>
                </div>
              ))
            )}
          </div>
        </>
      )}
    </section>
  );
}
