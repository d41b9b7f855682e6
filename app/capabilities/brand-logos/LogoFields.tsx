import { useId } from "react";
import type { FieldErrors } from "~/platform/admin-kit/RecordDialog";
import { ImageField } from "~/platform/uploads/ImageField";
import { Field, Input, Label } from "~/platform/ui/Field";
import { Switch } from "~/platform/ui/Switch";
import type { LogoRow } from "./LogoCards";

/** The brand logo form (spec §2): Brand Name, the uploader and an Active switch. */
export function LogoFields({ logo, errors }: { logo: LogoRow | null; errors: FieldErrors }) {
  const switchId = useId();
  return (
    <>
      <Field label="Brand Name" required error={errors?.name}>
        {(control) => <Input {...control} name="name" defaultValue={logo?.name} />}
      </Field>
      <ImageField
        label="Logo"
        name="logoUrl"
        altName="logoAlt"
        defaultUrl={logo?.logoUrl}
        defaultAlt={logo?.logoAlt}
        error={errors?.logoUrl ?? errors?.logoAlt}
      />
      <div className="flex items-center gap-3">
        <Switch id={switchId} name="active" defaultChecked={logo?.active ?? true} />
        <Label htmlFor={switchId}>Active</Label>
      </div>
    </>
  );
}
