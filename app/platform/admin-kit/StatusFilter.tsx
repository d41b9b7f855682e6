import { useId } from "react";
import { Select } from "~/platform/ui/Field";

/** A status select for an admin list's search form; "" (all) is the default. */
export function StatusFilter({
  statuses,
  value,
  label = "Status",
}: {
  statuses: readonly string[];
  value: string | undefined;
  label?: string;
}) {
  const id = useId();
  return (
    // A fixed-width wrapper: the select is full width, and cn does not merge Tailwind classes.
    <div className="w-40 shrink-0">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Select id={id} name="status" defaultValue={value ?? ""}>
        <option value="">All statuses</option>
        {statuses.map((status) => (
          <option key={status} value={status}>
            {status[0]!.toUpperCase() + status.slice(1)}
          </option>
        ))}
      </Select>
    </div>
  );
}
