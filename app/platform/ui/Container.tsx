// @chunk shell
import { useId, type ComponentProps, type ReactNode } from "react";
import { cn } from "./cn";

export function Container({ className, ...props }: ComponentProps<"div">) {
  return (
    <div className={cn("mx-auto w-full max-w-7xl px-5 sm:px-6 lg:px-8", className)} {...props} />
  );
}

export interface PageIntroProps {
  eyebrow?: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  /** Shown under the lead in a wrapping row, typically buttons. */
  children?: ReactNode;
  className?: string;
}

/** The hero at the top of a page; holds the page's only `<h1>`. */
export function PageIntro({ eyebrow, title, lead, children, className }: PageIntroProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        "relative isolate overflow-hidden border-b border-line bg-linear-to-b from-brand-50 to-white",
        className,
      )}
    >
      <div
        aria-hidden="true"
        className="absolute -top-40 right-[-10%] -z-10 size-[36rem] rounded-full bg-accent-200/40 blur-3xl"
      />
      <Container className="py-16 sm:py-24">
        <div className="max-w-3xl">
          {eyebrow ? (
            <p className="mb-4 text-sm font-semibold tracking-wider text-accent-700 uppercase">
              {eyebrow}
            </p>
          ) : null}
          <h1
            id={headingId}
            className="text-4xl font-extrabold tracking-tight text-ink sm:text-5xl"
          >
            {title}
          </h1>
          {lead ? (
            <p className="mt-5 text-lg leading-8 text-pretty text-ink-muted sm:text-xl">{lead}</p>
          ) : null}
          {children ? (
            <div className="mt-8 flex flex-wrap items-center gap-3">{children}</div>
          ) : null}
        </div>
      </Container>
    </section>
  );
}
