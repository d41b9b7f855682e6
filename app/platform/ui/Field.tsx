// @chunk Field
import { type ComponentProps, type ReactNode, useId } from "react";
import { cn } from "./cn";

const controlClasses = cn(
  "block w-full rounded-control border border-line bg-white px-3.5 py-2.5 text-[0.9375rem] text-ink",
  "placeholder:text-ink-muted/70 shadow-sm transition-colors",
  "focus:border-brand-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500/30",
  "disabled:cursor-not-allowed disabled:bg-surface disabled:opacity-70",
  "aria-invalid:border-danger-700",
);

export function Label({ className, ...props }: ComponentProps<"label">) {
  return <label className={cn("block text-sm font-semibold text-ink", className)} {...props} />;
}

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(controlClasses, "h-11", className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(controlClasses, "min-h-28", className)} {...props} />;
}

export function Select({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(controlClasses, "h-11 pr-8", className)} {...props} />;
}

/**
 * A labelled control with an optional hint and error, wired together for screen readers.
 * `children` receives the id and aria attributes to spread on the control.
 */
export function Field({
  label,
  hint,
  error,
  required,
  className,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  className?: string;
  children: (control: {
    id: string;
    "aria-describedby"?: string;
    "aria-invalid"?: true;
    required?: boolean;
  }) => ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("space-y-1.5", className)}>
      <Label htmlFor={id}>
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-accent-700">
            *
          </span>
        )}
      </Label>
      {children({
        id,
        "aria-describedby": describedBy,
        "aria-invalid": error ? true : undefined,
        required,
      })}
      {hint && (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
}

const alertTones = {
  error: "border-danger-700/30 bg-danger-50 text-danger-700",
  success: "border-success-700/30 bg-success-50 text-success-700",
  info: "border-brand-200 bg-brand-50 text-brand-800",
};

/** An inline message in the page, announced to screen readers when it appears. */
export function Alert({
  tone = "info",
  title,
  children,
  className,
}: {
  tone?: keyof typeof alertTones;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn("rounded-card border px-4 py-3 text-sm", alertTones[tone], className)}
    >
      {title && <p className="font-semibold">{title}</p>}
      {children && <div className={cn(title && "mt-1")}>{children}</div>}
    </div>
  );
}
