import { ActiveSwitch, DeleteButton, ReorderButtons } from "~/platform/admin-kit/RowActions";
import { Button } from "~/platform/ui/Button";
import { ImageWithFallback } from "~/platform/ui/ImageWithFallback";
import { logoMessages as m } from "./messages";

/** A brand logo as the Brand Logos screen shows it. */
export interface LogoRow {
  id: string;
  name: string;
  logoUrl: string | null;
  logoAlt: string;
  active: boolean;
  orderIndex: number;
}

const noImage = <span className="text-sm text-ink-muted">No image</span>;

/** Spec §2: cards in 1, 2 or 3 columns: name, active switch, preview or 'No image', Edit, delete. */
export function LogoCards({
  logos,
  onEdit,
}: {
  logos: LogoRow[];
  onEdit: (logo: LogoRow | null) => void;
}) {
  if (logos.length === 0) {
    return (
      <div className="rounded-card border border-dashed border-line bg-white px-6 py-12 text-center">
        <p className="text-ink-muted">No brand logos found.</p>
        <Button className="mt-4" onClick={() => onEdit(null)}>
          Add Your First Brand Logo
        </Button>
      </div>
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Brand logos">
      {logos.map((logo, index) => (
        <li
          key={logo.id}
          className="flex flex-col gap-3 rounded-card border border-line bg-white p-4 shadow-card"
        >
          <div className="flex items-start justify-between gap-3">
            <h2 className="min-w-0 break-words text-lg font-semibold text-ink">{logo.name}</h2>
            <ActiveSwitch
              id={logo.id}
              intent="toggle-active"
              checked={logo.active}
              ariaLabel={`Active: ${logo.name}`}
            />
          </div>
          <div className="flex h-28 items-center justify-center rounded-control border border-line bg-surface p-3">
            <ImageWithFallback
              key={logo.logoUrl}
              src={logo.logoUrl ?? undefined}
              alt={logo.logoAlt || logo.name}
              className="max-h-full max-w-full object-contain"
              fallback={noImage}
            />
          </div>
          <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
            <ReorderButtons
              list="brand-logos"
              id={logo.id}
              label={logo.name}
              position={index + 1}
              count={logos.length}
            />
            <div className="flex gap-1">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => onEdit(logo)}
                aria-label={`Edit ${logo.name}`}
              >
                Edit
              </Button>
              <DeleteButton
                id={logo.id}
                title={m.confirmDelete}
                description={`${logo.name} leaves the 'Popular Brands We Source' section. This cannot be undone.`}
                ariaLabel={`Delete ${logo.name}`}
              />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
