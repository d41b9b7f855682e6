import { Suspense, lazy, useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/platform/ui/Button";
import { island } from "~/platform/ui/island";
import { cn } from "~/platform/ui/cn";
import {
  type BuilderProduct,
  type DraftLine,
  MAX_LINES,
  decorationValue,
  field,
  newLine,
  parseDecoration,
  readDrafts,
  readQuantity,
} from "./builder";
import { DRAFT_STORAGE_KEY } from "./draft-key";
import { DECORATION_LOCATIONS, LOCATION_LABELS, MAX_INK_COLOURS, type PriceMatrix } from "./matrix";
import { QUOTE_HONEYPOT, REQUEST_LIMITS, type RequestContact } from "./request";

// The price panel carries the pricing engine: rendered by the server, its code loads after the
// first paint (an island, decision 016), so the builder's first load stays inside the budget.
const PricePanel = island(() => import("./PricePanel").then((m) => m.PricePanel));
// Uploading artwork needs JavaScript anyway: its code is fetched once the page has hydrated.
const ArtworkField = lazy(() =>
  import("./ArtworkField").then((m) => ({ default: m.ArtworkField })),
);

const input =
  "w-full rounded-md border border-line bg-white px-3 py-2 text-ink focus-visible:outline-2 focus-visible:outline-brand-700";

/**
 * The quote builder: lines kept in this browser (localStorage) until sent, the price as it is
 * built, and the request form. Every line is a set of ordinary form fields, so the form posts the
 * same with or without JavaScript; without it, the line the product page sent is the one line.
 */
export function QuoteBuilder({
  matrix,
  added,
  initialLines,
  contact,
  errors,
  sending,
}: {
  matrix: PriceMatrix;
  added: BuilderProduct | null;
  /** Lines the server read back from a refused form (shown again without JavaScript). */
  initialLines: DraftLine[] | null;
  /** The details the server read back from a refused form. */
  contact: RequestContact | null;
  errors: string[];
  sending: boolean;
}) {
  const [lines, setLines] = useState<DraftLine[]>(
    () => initialLines ?? (added ? [newLine(added)] : []),
  );
  const loaded = useRef(false);
  // Artwork goes up with JavaScript only; without it the form posts without files.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    if (loaded.current) return;
    loaded.current = true;
    setHydrated(true);
    if (initialLines) return;
    const stored = readDrafts(window.localStorage.getItem(DRAFT_STORAGE_KEY));
    const fresh = added && !stored.some((l) => l.product.id === added.id) ? [newLine(added)] : [];
    // The stored lines exist only in this browser, so they join after hydration, not before.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setLines([...stored, ...fresh].slice(0, MAX_LINES));
    // The product is in the lines now: a reload must not add it again.
    if (added) window.history.replaceState(window.history.state, "", "/quote");
  }, [added, initialLines]);
  useEffect(() => {
    if (loaded.current) window.localStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(lines));
  }, [lines]);

  const update = (i: number, change: (line: DraftLine) => DraftLine) =>
    setLines((all) => all.map((l, n) => (n === i ? change(l) : l)));

  return (
    <Form method="post" action="/quote" className="grid grid-cols-1 gap-8 lg:grid-cols-[1fr_22rem]">
      <div className="flex min-w-0 flex-col gap-6">
        {errors.length > 0 && (
          <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
            <p className="font-semibold">Please check your quote:</p>
            <ul className="mt-1 list-disc pl-5">
              {errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          </div>
        )}
        {lines.length === 0 && (
          <p className="rounded-md border border-line p-4 text-ink-muted">
            Your quote is empty.{" "}
            <Link to="/product-search" className="text-brand-700 underline">
              Find a product
            </Link>{" "}
            and choose "Add to quote" on its page.
          </p>
        )}
        {lines.map((line, i) => (
          <LineFields
            key={`${line.product.id}-${i}`}
            index={i}
            line={line}
            matrix={matrix}
            hydrated={hydrated}
            onChange={(change) => update(i, change)}
            onRemove={() => setLines((all) => all.filter((_, n) => n !== i))}
          />
        ))}
        {lines.length > 0 && (
          <p>
            <Link to="/product-search" className="text-brand-700 underline">
              Add another product
            </Link>
          </p>
        )}
        <ContactFields contact={contact} />
      </div>
      <aside className="lg:sticky lg:top-24 lg:self-start">
        <PricePanel matrix={matrix} lines={lines} />
        <Button type="submit" className="mt-4 w-full" disabled={sending || lines.length === 0}>
          {sending ? "Sending…" : "Request quote"}
        </Button>
      </aside>
    </Form>
  );
}

function LineFields({
  index,
  line,
  matrix,
  hydrated,
  onChange,
  onRemove,
}: {
  index: number;
  line: DraftLine;
  matrix: PriceMatrix;
  hydrated: boolean;
  onChange: (change: (line: DraftLine) => DraftLine) => void;
  onRemove: () => void;
}) {
  const { product } = line;
  // What each box holds as typed: "1.5" stays visible with its message instead of turning into 0.
  const [typed, setTyped] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      product.sizes.map((s) => [s, line.quantities[s] ? String(line.quantities[s]) : ""]),
    ),
  );
  const quantityErrors = [
    ...new Set(product.sizes.map((s) => readQuantity(typed[s] ?? "").error).filter(Boolean)),
  ];
  const quantityErrorId = `l${index}-quantity-error`;
  return (
    <fieldset className="min-w-0 rounded-card border border-line p-4">
      <legend className="px-1 font-semibold text-ink">
        Line {index + 1}: {product.brand} {product.styleNumber} {product.name}
      </legend>
      <input type="hidden" name={field.product(index)} value={product.id} />
      <div className="flex flex-wrap items-end gap-4">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Colour
          <select
            name={field.colour(index)}
            value={line.colour}
            onChange={(e) => onChange((l) => ({ ...l, colour: e.target.value }))}
            className={input}
          >
            {product.colours.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
        <Button type="button" variant="ghost" onClick={onRemove} className="ml-auto">
          Remove line {index + 1}
        </Button>
      </div>

      <table className="mt-4 text-sm">
        <caption className="mb-1 text-left font-medium">Pieces by size</caption>
        <thead>
          <tr>
            {product.sizes.map((size) => (
              <th key={size} scope="col" className="px-1 text-left font-medium">
                {size}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            {product.sizes.map((size) => (
              <td key={size} className="px-1">
                <input
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  name={field.quantity(index, size)}
                  aria-label={`${size} pieces`}
                  value={typed[size] ?? ""}
                  aria-invalid={readQuantity(typed[size] ?? "").error ? true : undefined}
                  aria-describedby={quantityErrors.length ? quantityErrorId : undefined}
                  onChange={(e) => {
                    const raw = e.target.value;
                    setTyped((all) => ({ ...all, [size]: raw }));
                    const q = readQuantity(raw).pieces;
                    onChange((l) => ({ ...l, quantities: { ...l.quantities, [size]: q } }));
                  }}
                  className={cn(input, "w-16 text-right")}
                />
              </td>
            ))}
          </tr>
        </tbody>
      </table>
      {quantityErrors.length > 0 && (
        <p id={quantityErrorId} role="alert" className="mt-1 text-sm text-red-700">
          {quantityErrors.join(" ")}
        </p>
      )}

      <fieldset className="mt-4 grid min-w-0 grid-cols-1 gap-2 text-sm sm:grid-cols-2">
        <legend className="mb-1 font-medium">Decoration</legend>
        {DECORATION_LOCATIONS.map((location) => (
          <div key={location} className="flex flex-col gap-1">
            <label className="flex items-center gap-2">
              <span className="w-24 shrink-0">{LOCATION_LABELS[location]}</span>
              <select
                name={field.decoration(index, location)}
                value={decorationValue(line.decorations[location])}
                onChange={(e) =>
                  onChange((l) => {
                    const decorations = { ...l.decorations };
                    const d = parseDecoration(e.target.value);
                    if (d) decorations[location] = d;
                    else delete decorations[location];
                    return { ...l, decorations };
                  })
                }
                className={cn(input, "min-w-0")}
              >
                <option value="">None</option>
                {Array.from({ length: MAX_INK_COLOURS }, (_, n) => (
                  <option key={n} value={`screen_print:${n + 1}`}>
                    Screen print, {n + 1} {n ? "colours" : "colour"}
                  </option>
                ))}
                {matrix.embroidery.stitchTiers.map((t, n) => (
                  <option key={t.label} value={`embroidery:${n}`}>
                    Embroidery, {t.label.toLowerCase()}
                  </option>
                ))}
                <option value="digital_print">Digital print, full colour</option>
              </select>
            </label>
            {hydrated && (line.decorations[location] || line.artwork?.[location]) && (
              <Suspense fallback={null}>
                <ArtworkField
                  name={field.artwork(index, location)}
                  label={`${LOCATION_LABELS[location]} artwork, line ${index + 1}`}
                  file={line.artwork?.[location] ?? null}
                  onChange={(file) =>
                    onChange((l) => {
                      const artwork = { ...l.artwork };
                      if (file) artwork[location] = file;
                      else delete artwork[location];
                      return { ...l, artwork };
                    })
                  }
                />
              </Suspense>
            )}
          </div>
        ))}
      </fieldset>
    </fieldset>
  );
}

function ContactFields({ contact }: { contact: RequestContact | null }) {
  const fields = [
    ["name", "Name", "text", "name", true],
    ["email", "Email", "email", "email", true],
    ["company", "Company", "text", "organization", false],
    ["phone", "Phone", "tel", "tel", false],
  ] as const;
  return (
    <fieldset className="grid min-w-0 grid-cols-1 gap-4 rounded-card border border-line p-4 sm:grid-cols-2">
      <legend className="px-1 font-semibold text-ink">Your details</legend>
      {fields.map(([name, label, type, autoComplete, required]) => (
        <label key={name} className="flex flex-col gap-1 text-sm font-medium">
          <span>
            {label}
            {required && <span aria-hidden="true"> *</span>}
          </span>
          {/* No `required` or type checks by the browser: the server's messages are the spec's. */}
          <input
            name={name}
            type={type === "email" ? "text" : type}
            inputMode={type === "email" ? "email" : undefined}
            autoComplete={autoComplete}
            maxLength={REQUEST_LIMITS[name]}
            defaultValue={contact?.[name]}
            aria-required={required || undefined}
            className={input}
          />
        </label>
      ))}
      <label className="flex flex-col gap-1 text-sm font-medium">
        In-hands date
        <input
          name="inHandsDate"
          type="date"
          defaultValue={contact?.inHandsDate}
          className={input}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium sm:col-span-2">
        Notes
        <textarea
          name="notes"
          rows={3}
          maxLength={REQUEST_LIMITS.notes}
          defaultValue={contact?.notes}
          className={input}
        />
      </label>
      <div aria-hidden="true" className="absolute -left-[9999px]">
        <label>
          Website
          <input name={QUOTE_HONEYPOT} tabIndex={-1} autoComplete="off" />
        </label>
      </div>
    </fieldset>
  );
}
