import type { ComponentProps, ReactNode } from "react";
import { Container } from "./Container";
import { cn } from "./cn";

const tones = {
  white: "bg-white",
  surface: "bg-surface",
  dark: "bg-brand-900 text-white [--focus-ring:var(--color-accent-300)]",
};

/** A full-width page band with a heading; the id names it (for links to it) and ties it to its heading. */
export function Section({
  id,
  eyebrow,
  title,
  lead,
  tone = "white",
  align = "center",
  className,
  children,
  ...props
}: Omit<ComponentProps<"section">, "title"> & {
  id: string;
  eyebrow?: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  tone?: keyof typeof tones;
  align?: "center" | "start";
}) {
  const dark = tone === "dark";
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className={cn("py-16 sm:py-24", tones[tone], className)}
      {...props}
    >
      <Container>
        <div className={cn("max-w-3xl", align === "center" && "mx-auto text-center")}>
          {eyebrow ? (
            <p
              className={cn(
                "mb-3 text-sm font-semibold tracking-wider uppercase",
                dark ? "text-accent-300" : "text-accent-700",
              )}
            >
              {eyebrow}
            </p>
          ) : null}
          <h2
            id={`${id}-heading`}
            className={cn(
              "text-3xl font-extrabold tracking-tight sm:text-4xl",
              dark ? "text-white" : "text-ink",
            )}
          >
            {title}
          </h2>
          {lead ? (
            <p
              className={cn(
                "mt-4 text-lg leading-8 text-pretty",
                dark ? "text-brand-100" : "text-ink-muted",
              )}
            >
              {lead}
            </p>
          ) : null}
        </div>
        <div className="mt-12">{children}</div>
      </Container>
    </section>
  );
}
