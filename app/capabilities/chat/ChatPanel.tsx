import { type FormEvent, useEffect, useRef, useState } from "react";
import type { FormResult } from "~/platform/forms/result";
import { Button } from "~/platform/ui/Button";
import { Input, Label } from "~/platform/ui/Field";
import { withLinks } from "./AnswerText";
import { CHAT_LIMITS, CHAT_TEXT, type ChatOpened } from "./chat";

interface Turn {
  fromVisitor: boolean;
  text: string;
}

const ENDPOINT = "/resources/chat";

async function postJson(body: object) {
  const response = await fetch(ENDPOINT, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const result = (await response.json().catch(() => ({ ok: false }))) as FormResult<ChatOpened>;
  return { ok: response.ok, result };
}

/** The message of a refusal the endpoint answered, or `fallback` when there is none. */
const messageOf = (result: FormResult<unknown>, fallback: string) =>
  result.toast?.description ?? fallback;

/** The chat window: loaded only when a visitor opens it, so the home page stays light. */
export default function ChatPanel({ onClose }: { onClose: () => void }) {
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [streaming, setStreaming] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [message, setMessage] = useState("");
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [keywordsOnly, setKeywordsOnly] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);

  // Each new message scrolls the list to the newest exchange, from the visitor's question, so the
  // answer's start is in view (the list scrolls on its own, inside the panel).
  useEffect(() => {
    const ol = list.current;
    if (!ol || turns.length < 2) return;
    const items = ol.children;
    const from = items[items.length - (turns.at(-1)?.fromVisitor ? 1 : 2)] as HTMLElement;
    ol.scrollTop = from.offsetTop;
  }, [turns]);

  useEffect(() => {
    let cancelled = false;
    void postJson({ intent: "start" }).then(({ ok, result }) => {
      if (cancelled) return;
      if (!ok || !result.data) return setError(messageOf(result, "The chat could not start."));
      const opened = result.data;
      setSessionId(opened.sessionId);
      setKeywordsOnly(opened.keywordsOnly);
      setTurns([{ fromVisitor: false, text: opened.greeting }]);
      input.current?.focus();
    });
    return () => {
      cancelled = true;
    };
  }, []);

  async function send(event: FormEvent) {
    event.preventDefault();
    const text = message.trim();
    if (!text || !sessionId || streaming !== null) return;
    setMessage("");
    setError(null);
    setTurns((t) => [...t, { fromVisitor: true, text }]);
    setStreaming("");
    let answer = "";
    try {
      const response = await fetch(ENDPOINT, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ intent: "message", sessionId, message: text }),
      });
      if (!response.ok || !response.body) {
        const result = (await response.json().catch(() => ({ ok: false }))) as FormResult;
        setError(messageOf(result, "The message could not be sent."));
        return;
      }
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        answer += value;
        setStreaming(answer);
      }
    } catch {
      setError("The connection was lost. Please try again.");
    } finally {
      if (answer) setTurns((t) => [...t, { fromVisitor: false, text: answer }]);
      setStreaming(null);
      input.current?.focus();
    }
  }

  async function emailTranscript(event: FormEvent) {
    event.preventDefault();
    if (!sessionId) return;
    setNotice(null);
    setError(null);
    if (name.trim()) await postJson({ intent: "details", sessionId, name, email });
    const { ok, result } = await postJson({ intent: "transcript", sessionId, email });
    if (ok) setNotice(messageOf(result, ""));
    else setError(messageOf(result, "The transcript could not be sent."));
  }

  return (
    // The room of a chat panel: a sheet over the bottom of a phone's screen, a panel at the
    // bottom right of a wider one (not squeezed inside the contact card that opens it).
    <div
      role="dialog"
      aria-labelledby="chat-heading"
      className="fixed inset-x-0 bottom-0 z-50 flex max-h-[85svh] flex-col overflow-y-auto rounded-t-card border border-line bg-white p-4 shadow-raised sm:inset-x-auto sm:right-6 sm:bottom-6 sm:w-[26rem] sm:rounded-card"
      onKeyDown={(e) => {
        if (e.key === "Escape") onClose();
      }}
    >
      <div className="flex items-center justify-between">
        <h3 id="chat-heading" className="font-semibold text-ink">
          Chat with our assistant
        </h3>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Close chat
        </Button>
      </div>
      {keywordsOnly && (
        <p className="mt-2 rounded-control bg-surface px-3 py-2 text-sm text-ink-muted">
          {CHAT_TEXT.keywordsOnly}
        </p>
      )}
      <ol
        ref={list}
        className="relative mt-3 max-h-[45svh] min-h-40 space-y-3 overflow-y-auto text-[0.9375rem]"
        aria-label="Messages"
      >
        {turns.map((turn, i) => (
          <li
            key={i}
            className={turn.fromVisitor ? "text-right text-ink" : "whitespace-pre-wrap text-ink"}
          >
            <span className="sr-only">{turn.fromVisitor ? "You: " : "Assistant: "}</span>
            {turn.fromVisitor ? turn.text : withLinks(turn.text)}
          </li>
        ))}
      </ol>
      <div aria-live="polite" className="mt-2 whitespace-pre-wrap text-[0.9375rem] text-ink">
        {streaming !== null && (
          <p data-testid="chat-streaming">{streaming ? withLinks(streaming) : "Thinking…"}</p>
        )}
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <form onSubmit={send} className="mt-3 flex gap-2">
        <Label htmlFor="chat-message" className="sr-only">
          Your message
        </Label>
        <Input
          id="chat-message"
          ref={input}
          value={message}
          maxLength={CHAT_LIMITS.messageLength}
          onChange={(e) => setMessage(e.target.value)}
          placeholder="Ask a question…"
          disabled={!sessionId}
          className="flex-1"
        />
        <Button type="submit" disabled={!sessionId || streaming !== null}>
          Send
        </Button>
      </form>
      <form onSubmit={emailTranscript} className="mt-4 grid gap-2 sm:grid-cols-2">
        <div>
          <Label htmlFor="chat-name">Name (optional)</Label>
          <Input id="chat-name" value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <div>
          <Label htmlFor="chat-email">Email (optional)</Label>
          <Input
            id="chat-email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <Button type="submit" variant="secondary" disabled={!sessionId} className="sm:col-span-2">
          Email me this transcript
        </Button>
      </form>
      {notice && (
        <p role="status" className="mt-2 text-sm text-ink">
          {notice}
        </p>
      )}
    </div>
  );
}
