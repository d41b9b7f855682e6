import { type ReactNode, Suspense, lazy, useState } from "react";
import { useSearchParams } from "react-router";
import { CONTACT_SECTION_ID } from "~/platform/shell/contact";
import { cn } from "~/platform/ui/cn";
import { Container } from "~/platform/ui/Container";
import { ContactForm } from "./ContactForm";
import { useSiteSettings } from "~/platform/settings/useSiteSettings";

const icons = {
  calendar: (
    <>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M16 3v4M8 3v4M3 10h18" />
    </>
  ),
  mail: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </>
  ),
  phone: (
    <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
  ),
  chat: <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />,
};

function CardIcon({ name }: { name: keyof typeof icons }) {
  return (
    <span className="flex size-11 shrink-0 items-center justify-center rounded-control bg-brand-50 text-brand-700">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {icons[name]}
      </svg>
    </span>
  );
}

const cardClasses =
  "flex items-start gap-4 rounded-card border border-line bg-white p-5 shadow-card transition";

function ContactCard({
  icon,
  title,
  detail,
  href,
  newTab,
}: {
  icon: keyof typeof icons;
  title: string;
  detail: ReactNode;
  href: string;
  newTab?: boolean;
}) {
  return (
    <a
      href={href}
      {...(newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      className={cn(
        cardClasses,
        "hover:border-brand-200 hover:shadow-raised focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
      )}
    >
      <CardIcon name={icon} />
      <span className="min-w-0">
        <span className="block font-semibold text-ink">
          {title}
          {newTab && <span className="sr-only"> (opens in a new tab)</span>}
        </span>
        <span className="mt-0.5 block text-[0.9375rem] wrap-anywhere text-ink-muted">{detail}</span>
      </span>
    </a>
  );
}

/** The section the navigation's Contact link scrolls to (spec public-site §2, Contact section). */
// The chat window's code loads only when a visitor opens it: the home page's JavaScript budget is tight.
const ChatPanel = lazy(() =>
  import("~/capabilities/chat/public").then((m) => ({ default: m.ChatPanel })),
);

/** Site Settings' switch: off, the card says Coming Soon and nothing is ever sent. */
function ChatCard({ enabled }: { enabled: boolean }) {
  // A link with ?chat=open opens the chat straight away.
  const [params] = useSearchParams();
  const [chosen, setOpen] = useState<boolean | null>(null);
  const open = enabled && (chosen ?? params.get("chat") === "open");
  return (
    <div className={cn(cardClasses, !enabled && "bg-white/60")} aria-disabled={!enabled}>
      <CardIcon name="chat" />
      <span className="flex-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-ink">Chat with Us</span>
          {!enabled && (
            <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
              Coming Soon
            </span>
          )}
        </span>
        <span className="mt-0.5 block text-[0.9375rem] text-ink-muted">
          Instant answers from our assistant, any time of day.
        </span>
        {!open && (
          <button
            type="button"
            disabled={!enabled}
            aria-expanded={open}
            onClick={() => setOpen(true)}
            className="mt-3 rounded-control border border-line px-3.5 py-1.5 text-sm font-semibold text-ink enabled:hover:bg-surface disabled:cursor-not-allowed disabled:text-ink-muted"
          >
            Start Chat
          </button>
        )}
        {open && (
          <Suspense fallback={<span role="status">Opening chat…</span>}>
            <ChatPanel onClose={() => setOpen(false)} />
          </Suspense>
        )}
      </span>
    </div>
  );
}

export function ContactSection() {
  const settings = useSiteSettings();
  return (
    <section
      id={CONTACT_SECTION_ID}
      aria-labelledby="contact-heading"
      className="bg-surface py-16 sm:py-24"
    >
      <Container>
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wider text-accent-700 uppercase">
            Get in touch
          </p>
          <h2 id="contact-heading" className="mt-3 text-3xl font-bold text-ink sm:text-4xl">
            Let's talk merch
          </h2>
          <p className="mt-4 text-lg text-ink-muted">
            Tell us what you have in mind. A real person on our team answers every call, email and
            message, usually within one business day.
          </p>
        </div>
        <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <ul className="grid content-start gap-4" aria-label="Ways to reach us">
            <li>
              <ContactCard
                icon="calendar"
                title="Book a Call"
                detail="Pick a time for a discovery call with our team."
                href={settings.bookingUrl}
                newTab
              />
            </li>
            <li>
              <ContactCard
                icon="mail"
                title="Email Us"
                detail={settings.email}
                href={`mailto:${settings.email}`}
              />
            </li>
            <li>
              <ContactCard
                icon="phone"
                title="Call Us"
                detail={settings.phone}
                href={settings.phoneHref}
              />
            </li>
            <li>
              <ChatCard enabled={settings.chatAssistantEnabled} />
            </li>
          </ul>
          <div className="rounded-panel border border-line bg-white p-6 shadow-card sm:p-8">
            <h3 className="text-xl font-semibold text-ink">Send us a message</h3>
            <p className="mt-1 mb-6 text-[0.9375rem] text-ink-muted">
              Fields marked <span aria-hidden="true">*</span>
              <span className="sr-only">with an asterisk</span> are required.
            </p>
            <ContactForm />
          </div>
        </div>
      </Container>
    </section>
  );
}
