import { useState } from "react";
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  useFetcher,
  useLoaderData,
} from "react-router";
import { AdminPageHeader } from "~/features/admin/AdminShell";
import { ResultNotice, useOnSuccess, useResultToast } from "~/features/admin/feedback";
import { type ActionResult, failed, fieldErrorsOf, succeeded } from "~/features/admin/result";
import { requireAdmin } from "~/features/auth/admin.server";
import {
  SeoPathTakenError,
  createPageSeo,
  deletePageSeo,
  listPageSeo,
  updatePageSeo,
} from "~/features/seo/seo-admin.server";
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX, seoForm } from "~/features/seo/seo-form";
import type { RouteHandle } from "~/root";
import { Button } from "~/ui/Button";
import { ConfirmDialog, Dialog } from "~/ui/Dialog";
import { Alert, Field, Input, Textarea } from "~/ui/Field";
import { cn } from "~/ui/cn";

export const handle: RouteHandle = { title: "Admin: SEO Settings", noindex: true };

const MESSAGES = {
  load: "Failed to load SEO settings",
  update: "Failed to update SEO settings",
  create: "Failed to create SEO settings",
  delete: "Failed to delete SEO settings",
  updated: "SEO settings updated successfully",
  created: "Page SEO settings created successfully",
  deleted: "Page SEO settings deleted",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  try {
    return { pages: await listPageSeo(context.db) };
  } catch (error) {
    console.error("SEO settings load failed", error);
    return { pages: null };
  }
}

export async function action({ request, context }: ActionFunctionArgs): Promise<ActionResult> {
  const admin = await requireAdmin(request, context);
  const form = Object.fromEntries(await request.formData()) as Record<string, string>;

  if (form.intent === "delete") {
    try {
      await deletePageSeo(context.db, admin, String(form.id));
      return succeeded(MESSAGES.deleted);
    } catch (error) {
      console.error("SEO delete failed", error);
      return failed(MESSAGES.delete);
    }
  }

  const editing = Boolean(form.id);
  const parsed = seoForm.safeParse(form);
  if (!parsed.success) {
    return failed(editing ? MESSAGES.update : MESSAGES.create, {
      fieldErrors: fieldErrorsOf(parsed.error.issues),
    });
  }
  const { id, pagePath, ...fields } = parsed.data;
  try {
    if (id) {
      await updatePageSeo(context.db, admin, id, fields);
      return succeeded(MESSAGES.updated);
    }
    await createPageSeo(context.db, admin, pagePath!, fields);
    return succeeded(MESSAGES.created);
  } catch (error) {
    if (error instanceof SeoPathTakenError) {
      return failed(MESSAGES.create, {
        fieldErrors: { pagePath: "This page already has SEO settings: edit them instead." },
      });
    }
    console.error("SEO save failed", error);
    return failed(id ? MESSAGES.update : MESSAGES.create);
  }
}

/** Shared by the form (which submits) and the page (which closes the dialog on success). */
const SAVE_FETCHER = "seo-save";

type PageSeo = NonNullable<Awaited<ReturnType<typeof loader>>["pages"]>[number];

/** A text input or area with a live "n/max" count; the server enforces the same limit. */
function CountedField({
  label,
  name,
  max,
  defaultValue,
  error,
  multiline,
  required,
}: {
  label: string;
  name: string;
  max: number;
  defaultValue: string;
  error?: string;
  multiline?: boolean;
  required?: boolean;
}) {
  const [length, setLength] = useState(defaultValue.length);
  const over = length > max;
  return (
    <Field
      label={label}
      required={required}
      error={error}
      hint={
        <span className={cn(over && "font-semibold text-danger-700")}>
          {length}/{max} characters
        </span>
      }
    >
      {(control) =>
        multiline ? (
          <Textarea
            {...control}
            name={name}
            rows={3}
            defaultValue={defaultValue}
            onChange={(e) => setLength(e.target.value.length)}
          />
        ) : (
          <Input
            {...control}
            name={name}
            defaultValue={defaultValue}
            onChange={(e) => setLength(e.target.value.length)}
          />
        )
      }
    </Field>
  );
}

function SeoFormDialog({
  page,
  open,
  onOpenChange,
}: {
  page: PageSeo | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const fetcher = useFetcher<typeof action>({ key: SAVE_FETCHER });
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : undefined;
  const saving = fetcher.state !== "idle";
  const text = (name: keyof PageSeo, label: string, options: { url?: boolean } = {}) => (
    <Field label={label} error={errors?.[name]}>
      {(control) => (
        <Input
          {...control}
          name={name}
          type={options.url ? "url" : "text"}
          placeholder={options.url ? "https://" : undefined}
          defaultValue={(page?.[name] as string | null) ?? ""}
        />
      )}
    </Field>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={page ? "Edit SEO Settings" : "Add New Page SEO"}
      description="What search engines and social networks show for this page."
      size="lg"
    >
      <fetcher.Form method="post" className="space-y-4">
        {page && <input type="hidden" name="id" value={page.id} />}
        <Field
          label="Page Path"
          required={!page}
          error={errors?.pagePath}
          hint={page ? "The path of an existing record cannot change." : "For example /webstores"}
        >
          {(control) => (
            <Input
              {...control}
              name="pagePath"
              defaultValue={page?.pagePath ?? ""}
              disabled={Boolean(page)}
            />
          )}
        </Field>
        <Field label="Page Name" required error={errors?.pageName}>
          {(control) => <Input {...control} name="pageName" defaultValue={page?.pageName ?? ""} />}
        </Field>
        <CountedField
          label="Title Tag"
          name="title"
          max={SEO_TITLE_MAX}
          required
          defaultValue={page?.title ?? ""}
          error={errors?.title}
        />
        <CountedField
          label="Meta Description"
          name="metaDescription"
          max={SEO_DESCRIPTION_MAX}
          multiline
          defaultValue={page?.metaDescription ?? ""}
          error={errors?.metaDescription}
        />
        <Field
          label="Meta Keywords"
          hint="Separate keywords with commas."
          error={errors?.metaKeywords}
        >
          {(control) => (
            <Input
              {...control}
              name="metaKeywords"
              defaultValue={page?.metaKeywords.join(", ") ?? ""}
            />
          )}
        </Field>
        <fieldset className="space-y-4 rounded-card border border-line p-4">
          <legend className="px-1 text-sm font-semibold text-ink">Open Graph</legend>
          {text("ogTitle", "OG Title")}
          {text("ogDescription", "OG Description")}
          {text("ogImageUrl", "OG Image URL", { url: true })}
        </fieldset>
        <fieldset className="space-y-4 rounded-card border border-line p-4">
          <legend className="px-1 text-sm font-semibold text-ink">Twitter Card</legend>
          {text("twitterTitle", "Twitter Title")}
          {text("twitterDescription", "Twitter Description")}
          {text("twitterImageUrl", "Twitter Image URL", { url: true })}
        </fieldset>
        {text("canonicalUrl", "Canonical URL", { url: true })}
        <div className="flex justify-end gap-3 pt-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : "Save Changes"}
          </Button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}

function DeleteSeoButton({ page }: { page: PageSeo }) {
  const fetcher = useFetcher<typeof action>();
  useResultToast(fetcher.data);
  return (
    <ConfirmDialog
      title="Are you sure you want to delete these SEO settings?"
      description={`${page.pagePath} goes back to the site's default title and description.`}
      confirmLabel="Delete"
      onConfirm={() => fetcher.submit({ intent: "delete", id: page.id }, { method: "post" })}
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Delete SEO settings for ${page.pagePath}`}>
          Delete
        </Button>
      }
    />
  );
}

export default function AdminSeo() {
  const { pages } = useLoaderData<typeof loader>();
  const [editing, setEditing] = useState<PageSeo | null>(null);
  const [open, setOpen] = useState(false);
  const saveFetcher = useFetcher<typeof action>({ key: SAVE_FETCHER });
  useResultToast(saveFetcher.data);
  useOnSuccess(saveFetcher.data, () => setOpen(false));
  const openForm = (page: PageSeo | null) => {
    setEditing(page);
    setOpen(true);
  };

  return (
    <>
      <AdminPageHeader
        title="SEO Settings"
        description="Titles, descriptions and sharing previews per page, served in each page's head."
      >
        <Button onClick={() => openForm(null)}>Add New Page</Button>
      </AdminPageHeader>
      <ResultNotice />
      {!pages ? (
        <Alert tone="error">{MESSAGES.load}</Alert>
      ) : pages.length === 0 ? (
        <p className="rounded-card border border-line bg-white p-8 text-center text-ink-muted">
          No pages have SEO settings yet.
        </p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {pages.map((page) => (
            <li key={page.id} className="rounded-card border border-line bg-white p-5 shadow-card">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <h2 className="font-semibold text-ink">{page.pageName}</h2>
                  <p className="font-mono text-xs text-ink-muted">{page.pagePath}</p>
                </div>
                <div className="flex shrink-0 gap-1">
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => openForm(page)}
                    aria-label={`Edit SEO settings for ${page.pagePath}`}
                  >
                    Edit
                  </Button>
                  <DeleteSeoButton page={page} />
                </div>
              </div>
              <dl className="mt-3 space-y-2 text-sm">
                <div>
                  <dt className="font-medium text-ink-muted">Title</dt>
                  <dd className="text-ink">{page.title}</dd>
                </div>
                {page.metaDescription && (
                  <div>
                    <dt className="font-medium text-ink-muted">Description</dt>
                    <dd className="text-ink">{page.metaDescription}</dd>
                  </div>
                )}
                {page.metaKeywords.length > 0 && (
                  <div>
                    <dt className="font-medium text-ink-muted">Keywords</dt>
                    <dd className="text-ink">{page.metaKeywords.join(", ")}</dd>
                  </div>
                )}
              </dl>
            </li>
          ))}
        </ul>
      )}
      <SeoFormDialog
        key={`${editing?.id ?? "new"}-${open}`}
        page={editing}
        open={open}
        onOpenChange={setOpen}
      />
    </>
  );
}
