import { ButtonLink } from "~/platform/ui/Button";
import { Container } from "~/platform/ui/Container";

export function NotFound() {
  return (
    <section className="relative isolate overflow-hidden bg-linear-to-b from-brand-50 to-white">
      <div
        aria-hidden="true"
        className="absolute top-1/2 left-1/2 -z-10 size-[32rem] -translate-x-1/2 -translate-y-1/2 rounded-full bg-accent-200/40 blur-3xl"
      />
      <Container className="flex min-h-[60vh] flex-col items-center justify-center py-20 text-center sm:py-28">
        <p className="bg-linear-to-br from-brand-900 to-accent-700 bg-clip-text text-8xl font-extrabold tracking-tighter text-transparent sm:text-9xl">
          404
        </p>
        <h1 className="mt-6 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
          Oops! Page not found
        </h1>
        <p className="mt-4 max-w-md text-lg text-pretty text-ink-muted">
          The page you are looking for has moved or never existed. Let&rsquo;s get you back on
          track.
        </p>
        <ButtonLink to="/" size="lg" className="mt-10">
          Return to Home
        </ButtonLink>
      </Container>
    </section>
  );
}
