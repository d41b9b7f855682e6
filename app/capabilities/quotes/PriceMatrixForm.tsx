import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { useResultToast } from "~/platform/admin-kit/feedback";
import type { FormResult } from "~/platform/forms/result";
import { Button } from "~/platform/ui/Button";
import { cn } from "~/platform/ui/cn";
import { Field, Input } from "~/platform/ui/Field";
import { MAX_INK_COLOURS, type PriceMatrix } from "./matrix";
import {
  MAX_ROWS,
  MAX_TIERS,
  type PriceWarning,
  dollars,
  matrixField as f,
  readMatrixForm,
  risingPrices,
} from "./matrix-form";

type SaveResult = FormResult;

/** Rows that can be added and removed keep a key of their own; their fields are named by place. */
interface Row<T> {
  key: number;
  initial: T;
}
let nextKey = 0;
const rowsOf = <T,>(items: T[]): Row<T>[] => items.map((initial) => ({ key: nextKey++, initial }));

// Without the border and background colours, which a cell sets itself (cn does not merge them).
const cellInput =
  "block h-10 w-[5.5rem] rounded-control border px-2 text-right text-[0.9375rem] text-ink shadow-sm focus:border-brand-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500/30 aria-invalid:border-danger-700";
const cellPlain = "border-line bg-white";
const cellWarned = "border-accent-700 bg-accent-50";

/**
 * The Price Matrix screen's form: every price the builder and the server use, edited in place and
 * saved whole. `noValidate`: the server's messages beside each field are the ones people see.
 * Prices that rise with quantity are marked as the admin types (and after a save), never refused.
 */
export function PriceMatrixForm({
  matrix,
  warnings: storedWarnings,
}: {
  matrix: PriceMatrix;
  warnings: PriceWarning[];
}) {
  const fetcher = useFetcher<SaveResult>({ key: "price-matrix" });
  useResultToast(fetcher.data);
  const actionData = useActionData() as SaveResult | undefined;
  const result = fetcher.data ?? actionData;
  const errors = (result && !result.ok && result.fieldErrors) || {};
  const saving = fetcher.state !== "idle";

  const [screenRows, setScreenRows] = useState(() => rowsOf(matrix.screenPrint.tiers));
  const [embroideryRows, setEmbroideryRows] = useState(() => rowsOf(matrix.embroidery.tiers));
  const [digitalRows, setDigitalRows] = useState(() => rowsOf(matrix.digitalPrint.tiers));
  const [markupRows, setMarkupRows] = useState(() => rowsOf(matrix.garmentMarkup.categories));
  const [upchargeRows, setUpchargeRows] = useState(() => rowsOf(matrix.sizeUpcharges));

  // What the form holds now, read as the server will read it; null until the admin edits.
  const formRef = useRef<HTMLFormElement>(null);
  const [liveWarnings, setLiveWarnings] = useState<PriceWarning[] | null>(null);
  const recheck = () => {
    if (!formRef.current) return;
    const read = readMatrixForm(Object.fromEntries(new FormData(formRef.current)));
    if (read.ok) setLiveWarnings(risingPrices(read.matrix));
  };
  const edited = useRef(false);
  useEffect(() => {
    if (edited.current) recheck();
    edited.current = true;
  }, [screenRows, embroideryRows, digitalRows]);
  const warnings = liveWarnings ?? storedWarnings;
  const warningFor = new Map(warnings.map((w) => [w.field, w.message]));

  const stitchTiers = matrix.embroidery.stitchTiers;
  const priceCell = (name: string, label: string, initial: number) => (
    <PriceCell
      name={name}
      label={label}
      initial={dollars(initial)}
      error={errors[name]}
      warning={warningFor.has(name)}
    />
  );

  return (
    <fetcher.Form
      method="post"
      noValidate
      ref={formRef}
      onChange={recheck}
      className="space-y-8"
      aria-label="Price matrix"
    >
      <input type="hidden" name="intent" value="save" />
      {warnings.length > 0 && (
        <div
          role="status"
          className="rounded-card border border-accent-200 bg-accent-50 px-4 py-3 text-sm text-accent-900"
        >
          <p className="font-semibold">
            {warnings.length === 1
              ? "1 price rises with quantity"
              : `${warnings.length} prices rise with quantity`}
          </p>
          <ul className="mt-1 list-disc pl-5">
            {warnings.map((w) => (
              <li key={w.field}>{w.message}</li>
            ))}
          </ul>
          <p className="mt-1">The matrix still saves; check these are what you mean.</p>
        </div>
      )}

      <Section title="Screen print" hint="Price a piece for one location, by ink colours.">
        <TierGrid
          label="Screen print prices a piece"
          columns={Array.from({ length: MAX_INK_COLOURS }, (_, i) =>
            i === 0 ? "1 colour" : `${i + 1} colours`,
          )}
          rows={screenRows}
          minField={f.screenMin}
          errors={errors}
          rowLabel="Screen print tier"
          onAdd={() => setScreenRows((rows) => addTier(rows))}
          onRemove={(key) => setScreenRows((rows) => rows.filter((r) => r.key !== key))}
          countError={errors[f.screenTiers]}
        >
          {(tier, i) =>
            tier.prices.map((cents, c) =>
              priceCell(
                f.screenPrice(i, c + 1),
                `Screen print tier ${i + 1}, ${c + 1} ${c === 0 ? "colour" : "colours"}, dollars a piece`,
                cents,
              ),
            )
          }
        </TierGrid>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <MoneyField
            name={f.screenFee}
            label="Set-up fee per screen ($)"
            hint="One screen per ink colour per location."
            initial={matrix.screenPrint.screenFeeCents}
            error={errors[f.screenFee]}
          />
          <WholeField
            name={f.screenMinimum}
            label="Minimum order (pieces)"
            initial={matrix.screenPrint.minimumQuantity}
            error={errors[f.screenMinimum]}
          />
        </div>
      </Section>

      <Section title="Embroidery" hint="Price a piece for one location, by stitch count.">
        <div className="mb-4 grid gap-4 sm:grid-cols-3">
          {stitchTiers.map((tier, s) => (
            <div key={s} className="space-y-3 rounded-control border border-line p-3">
              <Field label={`Stitch tier ${s + 1}: name`} error={errors[f.stitchLabel(s)]}>
                {(control) => (
                  <Input {...control} name={f.stitchLabel(s)} defaultValue={tier.label} />
                )}
              </Field>
              <WholeField
                name={f.stitchMax(s)}
                label={`Stitch tier ${s + 1}: up to (stitches)`}
                initial={tier.maxStitches}
                error={errors[f.stitchMax(s)]}
              />
            </div>
          ))}
        </div>
        <TierGrid
          label="Embroidery prices a piece"
          columns={stitchTiers.map((t) => t.label)}
          rows={embroideryRows}
          minField={f.embroideryMin}
          errors={errors}
          rowLabel="Embroidery tier"
          onAdd={() => setEmbroideryRows((rows) => addTier(rows))}
          onRemove={(key) => setEmbroideryRows((rows) => rows.filter((r) => r.key !== key))}
          countError={errors[f.embroideryTiers]}
        >
          {(tier, i) =>
            tier.prices.map((cents, s) =>
              priceCell(
                f.embroideryPrice(i, s),
                `Embroidery tier ${i + 1}, stitch tier ${s + 1}, dollars a piece`,
                cents,
              ),
            )
          }
        </TierGrid>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <MoneyField
            name={f.digitizingFee}
            label="Digitising fee per location ($)"
            initial={matrix.embroidery.digitizingFeeCents}
            error={errors[f.digitizingFee]}
          />
          <WholeField
            name={f.embroideryMinimum}
            label="Minimum order (pieces)"
            initial={matrix.embroidery.minimumQuantity}
            error={errors[f.embroideryMinimum]}
          />
        </div>
      </Section>

      <Section title="Digital print" hint="Full colour, one price a piece for one location.">
        <TierGrid
          label="Digital print prices a piece"
          columns={["Price a piece"]}
          rows={digitalRows.map((r) => ({
            ...r,
            initial: { ...r.initial, prices: [r.initial.prices] },
          }))}
          minField={f.digitalMin}
          errors={errors}
          rowLabel="Digital print tier"
          onAdd={() => setDigitalRows((rows) => addTier(rows))}
          onRemove={(key) => setDigitalRows((rows) => rows.filter((r) => r.key !== key))}
          countError={errors[f.digitalTiers]}
        >
          {(tier, i) => [
            priceCell(
              f.digitalPrice(i),
              `Digital print tier ${i + 1}, dollars a piece`,
              tier.prices[0]!,
            ),
          ]}
        </TierGrid>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <MoneyField
            name={f.digitalSetupFee}
            label="Set-up fee per location ($)"
            initial={matrix.digitalPrint.setupFeeCents}
            error={errors[f.digitalSetupFee]}
          />
          <WholeField
            name={f.digitalMinimum}
            label="Minimum order (pieces)"
            initial={matrix.digitalPrint.minimumQuantity}
            error={errors[f.digitalMinimum]}
          />
        </div>
      </Section>

      <Section
        title="Garment markup"
        hint="The blank garment's price is the supplier's cost plus this percent, by the catalogue's category."
      >
        <WholeField
          name={f.markupDefault}
          label="Every other category (%)"
          initial={matrix.garmentMarkup.defaultPercent}
          error={errors[f.markupDefault]}
          className="mb-4 max-w-xs"
        />
        <PairRows
          rows={markupRows}
          addLabel="Add a category"
          onAdd={() =>
            setMarkupRows((rows) => [...rows, ...rowsOf([{ category: "", percent: 0 }])])
          }
          onRemove={(key) => setMarkupRows((rows) => rows.filter((r) => r.key !== key))}
          removeLabel={(i) => `Remove category ${i + 1}`}
        >
          {(row, i) => (
            <>
              <Field label={`Category ${i + 1}`} error={errors[f.markupCategory(i)]}>
                {(control) => (
                  <Input {...control} name={f.markupCategory(i)} defaultValue={row.category} />
                )}
              </Field>
              <WholeField
                name={f.markupPercent(i)}
                label={
                  <>
                    Markup<span className="sr-only"> for category {i + 1}</span> (%)
                  </>
                }
                initial={row.category === "" ? "" : row.percent}
                error={errors[f.markupPercent(i)]}
              />
            </>
          )}
        </PairRows>
      </Section>

      <Section
        title="Larger sizes"
        hint='Added to the garment a piece. "XXL" and "2XL" are the same size.'
      >
        <PairRows
          rows={upchargeRows}
          addLabel="Add a size"
          onAdd={() => setUpchargeRows((rows) => [...rows, ...rowsOf([{ size: "", cents: -1 }])])}
          onRemove={(key) => setUpchargeRows((rows) => rows.filter((r) => r.key !== key))}
          removeLabel={(i) => `Remove size ${i + 1}`}
        >
          {(row, i) => (
            <>
              <Field label={`Size ${i + 1}`} error={errors[f.upchargeSize(i)]}>
                {(control) => (
                  <Input {...control} name={f.upchargeSize(i)} defaultValue={row.size} />
                )}
              </Field>
              <MoneyField
                name={f.upchargePrice(i)}
                label={
                  <>
                    Upcharge<span className="sr-only"> a piece for size {i + 1}</span> ($)
                  </>
                }
                initial={row.cents}
                error={errors[f.upchargePrice(i)]}
              />
            </>
          )}
        </PairRows>
      </Section>

      <Section title="Deposit" hint="What a buyer pays to accept a quote the company has sent.">
        <WholeField
          name={f.deposit}
          label="Deposit (% of the quote's total)"
          initial={matrix.depositPercent}
          error={errors[f.deposit]}
          className="max-w-xs"
        />
      </Section>

      <div className="flex justify-end">
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : "Save Price Matrix"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** A new tier below the last: twice its quantity, its prices, for the admin to adjust. */
function addTier<P>(rows: Row<{ minQuantity: number; prices: P }>[]) {
  const last = rows[rows.length - 1]!.initial;
  return [
    ...rows,
    ...rowsOf([{ minQuantity: Math.min(last.minQuantity * 2, 1_000_000), prices: last.prices }]),
  ];
}

function Section({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 rounded-card border border-line bg-white p-4 shadow-card sm:p-6">
      <legend className="px-1 text-lg font-bold text-ink">{title}</legend>
      <p className="mb-4 text-sm text-ink-muted">{hint}</p>
      {children}
    </fieldset>
  );
}

function MoneyField({
  name,
  label,
  hint,
  initial,
  error,
  className,
}: {
  name: string;
  label: ReactNode;
  hint?: string;
  /** Negative: an empty field (a new row). */
  initial: number;
  error?: string;
  className?: string;
}) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <Input
          {...control}
          name={name}
          inputMode="decimal"
          autoComplete="off"
          defaultValue={initial < 0 ? "" : dollars(initial)}
        />
      )}
    </Field>
  );
}

function WholeField({
  name,
  label,
  initial,
  error,
  className,
}: {
  name: string;
  label: ReactNode;
  initial: number | "";
  error?: string;
  className?: string;
}) {
  return (
    <Field label={label} error={error} className={className}>
      {(control) => (
        <Input
          {...control}
          name={name}
          inputMode="numeric"
          autoComplete="off"
          defaultValue={initial}
        />
      )}
    </Field>
  );
}

/** One price in a grid: its own label for screen readers (the headings say it for the eye). */
function PriceCell({
  name,
  label,
  initial,
  error,
  warning,
}: {
  name: string;
  label: string;
  initial: string;
  error?: string;
  warning: boolean;
}) {
  const id = useId();
  return (
    <td className="px-1.5 py-1.5 align-top">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        name={name}
        inputMode="decimal"
        autoComplete="off"
        defaultValue={initial}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : warning ? `${id}-warning` : undefined}
        className={cn(cellInput, warning && !error ? cellWarned : cellPlain)}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 w-[5.5rem] text-xs font-medium text-danger-700">
          {error}
        </p>
      ) : (
        warning && (
          <p id={`${id}-warning`} className="mt-1 w-[5.5rem] text-xs font-medium text-accent-800">
            Dearer than the tier above
          </p>
        )
      )}
    </td>
  );
}

/**
 * Quantity tiers down the side, the method's columns across. The grid scrolls inside its own box
 * on a narrow screen, so the page never scrolls sideways.
 */
function TierGrid<P>({
  label,
  columns,
  rows,
  minField,
  errors,
  rowLabel,
  onAdd,
  onRemove,
  countError,
  children,
}: {
  label: string;
  columns: string[];
  rows: Row<{ minQuantity: number; prices: P }>[];
  minField: (tier: number) => string;
  errors: Record<string, string>;
  rowLabel: string;
  onAdd: () => void;
  onRemove: (key: number) => void;
  countError?: string;
  children: (tier: { minQuantity: number; prices: P }, index: number) => ReactNode;
}) {
  const captionId = useId();
  return (
    <div>
      <div
        role="region"
        aria-labelledby={captionId}
        className="relative w-fit max-w-full overflow-x-auto rounded-control border border-line"
      >
        <table className="border-collapse text-sm">
          <caption id={captionId} className="sr-only">
            {label}
          </caption>
          <thead className="bg-surface">
            <tr>
              <th scope="col" className="px-1.5 py-2 text-left font-semibold text-ink">
                From (pieces)
              </th>
              {columns.map((column) => (
                <th
                  key={column}
                  scope="col"
                  className="px-1.5 py-2 text-left font-semibold whitespace-nowrap text-ink"
                >
                  {column} ($)
                </th>
              ))}
              <th scope="col" className="px-1.5 py-2">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <TierRow
                key={row.key}
                name={minField(i)}
                label={`${rowLabel} ${i + 1}: from how many pieces`}
                initial={row.initial.minQuantity}
                error={errors[minField(i)]}
                removeLabel={`Remove ${rowLabel.toLowerCase()} ${i + 1}`}
                canRemove={rows.length > 1}
                onRemove={() => onRemove(row.key)}
              >
                {children(row.initial, i)}
              </TierRow>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="sm" onClick={onAdd} disabled={rows.length >= MAX_TIERS}>
          Add a tier
        </Button>
        {countError && <p className="text-sm font-medium text-danger-700">{countError}</p>}
      </div>
    </div>
  );
}

function TierRow({
  name,
  label,
  initial,
  error,
  removeLabel,
  canRemove,
  onRemove,
  children,
}: {
  name: string;
  label: string;
  initial: number;
  error?: string;
  removeLabel: string;
  canRemove: boolean;
  onRemove: () => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <tr className="border-t border-line">
      <th scope="row" className="px-1.5 py-1.5 text-left align-top font-normal">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <input
          id={id}
          name={name}
          inputMode="numeric"
          autoComplete="off"
          defaultValue={initial}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={cn(cellInput, cellPlain)}
        />
        {error && (
          <p id={`${id}-error`} className="mt-1 w-[5.5rem] text-xs font-medium text-danger-700">
            {error}
          </p>
        )}
      </th>
      {children}
      <td className="px-1.5 py-1.5 align-top">
        <Button
          variant="ghost"
          size="sm"
          onClick={onRemove}
          disabled={!canRemove}
          aria-label={removeLabel}
          title={removeLabel}
        >
          <span aria-hidden="true">×</span>
        </Button>
      </td>
    </tr>
  );
}

/** Rows of two fields (a category and its markup, a size and its upcharge) with Remove and Add. */
function PairRows<T>({
  rows,
  addLabel,
  onAdd,
  onRemove,
  removeLabel,
  children,
}: {
  rows: Row<T>[];
  addLabel: string;
  onAdd: () => void;
  onRemove: (key: number) => void;
  removeLabel: (index: number) => string;
  children: (row: T, index: number) => ReactNode;
}) {
  return (
    <div>
      <ul className="max-w-2xl space-y-3">
        {rows.map((row, i) => (
          <li
            key={row.key}
            className="grid grid-cols-[1fr_1fr_auto] items-start gap-3 border-b border-line pb-3 sm:grid-cols-[2fr_1fr_auto]"
          >
            {children(row.initial, i)}
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onRemove(row.key)}
              aria-label={removeLabel(i)}
              title={removeLabel(i)}
              className="mt-7"
            >
              <span aria-hidden="true">×</span>
            </Button>
          </li>
        ))}
      </ul>
      <Button
        variant="secondary"
        size="sm"
        className="mt-3"
        onClick={onAdd}
        disabled={rows.length >= MAX_ROWS}
      >
        {addLabel}
      </Button>
    </div>
  );
}
