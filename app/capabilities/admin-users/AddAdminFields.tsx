import { Field, Input } from "~/platform/ui/Field";
import { MIN_PASSWORD_LENGTH } from "~/platform/auth/roles";

/** The Add Admin User form's fields, inside the kit's RecordDialog. */
export function AddAdminFields() {
  return (
    <>
      <Field label="Email" required>
        {(control) => <Input {...control} type="email" name="email" autoComplete="off" />}
      </Field>
      <Field label="Password" required hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}>
        {(control) => (
          <Input
            {...control}
            type="password"
            name="password"
            autoComplete="new-password"
            minLength={MIN_PASSWORD_LENGTH}
          />
        )}
      </Field>
    </>
  );
}
