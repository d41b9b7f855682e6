// @chunk shell
import type { ComponentProps } from "react";
import { Link, type LinkProps } from "react-router";
import { cn } from "./cn";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "sm" | "md" | "lg";

export interface ButtonStyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

const variantClasses: Record<ButtonVariant, string> = {
  primary: "bg-accent-700 text-white shadow-sm hover:bg-accent-800 active:bg-accent-900",
  secondary:
    "bg-white text-ink shadow-sm ring-1 ring-line ring-inset hover:bg-surface hover:ring-brand-200 active:bg-brand-50",
  ghost: "text-ink hover:bg-brand-50 active:bg-brand-100",
  danger: "bg-danger-700 text-white shadow-sm hover:bg-danger-700/90 active:bg-danger-700/80",
};

const sizeClasses: Record<ButtonSize, string> = {
  sm: "h-9 gap-1.5 px-3.5 text-sm",
  md: "h-11 gap-2 px-5 text-[0.9375rem]",
  lg: "h-13 gap-2 px-7 text-base",
};

export function buttonClasses({
  variant = "primary",
  size = "md",
  className,
}: ButtonStyleProps = {}) {
  return cn(
    "inline-flex shrink-0 items-center justify-center rounded-control font-semibold whitespace-nowrap",
    "transition-colors duration-150 select-none",
    "disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50",
    "[&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
    variantClasses[variant],
    sizeClasses[size],
    className,
  );
}

export type ButtonProps = ComponentProps<"button"> & ButtonStyleProps;

export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses({ variant, size, className })} {...props} />;
}

type InternalButtonLinkProps = ButtonStyleProps & LinkProps & { href?: never; newTab?: never };

type ExternalButtonLinkProps = ButtonStyleProps &
  Omit<ComponentProps<"a">, "href" | "className"> & {
    href: string;
    to?: never;
    /** Defaults to true for http(s) addresses and false for mailto:, tel: and relative ones. */
    newTab?: boolean;
  };

export type ButtonLinkProps = InternalButtonLinkProps | ExternalButtonLinkProps;

/** A link that looks like a button: `to` for pages of this site, `href` for anything else. */
export function ButtonLink(props: ButtonLinkProps) {
  if (props.href !== undefined) {
    const { variant, size, className, href, newTab = /^https?:\/\//i.test(href), ...rest } = props;
    return (
      <a
        href={href}
        {...(newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}
        {...rest}
        className={buttonClasses({ variant, size, className })}
      />
    );
  }
  const { variant, size, className, href: _href, newTab: _newTab, ...rest } = props;
  return <Link {...rest} className={buttonClasses({ variant, size, className })} />;
}
