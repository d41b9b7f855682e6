import { useEffect, useMemo, useState } from "react";
import { Form, useNavigation, useRevalidator } from "react-router";
import { Button } from "~/platform/ui/Button";
import { Container, PageIntro } from "~/platform/ui/Container";
import { DataTable } from "~/platform/ui/DataTable";
import { Alert, Field, Input } from "~/platform/ui/Field";
import { toast } from "~/platform/ui/toast";
import type { SanMarListingResult } from "./sanmar-listing.server";
import { dollarsToCents, formatUsd } from "~/platform/lib/money";

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : bytes >= 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${bytes} B`;

export function SanMarProductsPage({ result }: { result: SanMarListingResult }) {
  const [query, setQuery] = useState("");
  const [category, setCategory] = useState<string | null>(null);
  const [showFiles, setShowFiles] = useState(false);
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const refreshing = navigation.state !== "idle" || revalidator.state !== "idle";
  const listing = result.ok ? result.listing : null;
  const failed = !result.ok && "message" in result ? result.message : null;

  useEffect(() => {
    if (failed)
      toast({ title: "Error fetching products", description: failed, variant: "destructive" });
  }, [failed]);

  const products = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return (listing?.products ?? []).filter(
      (p) =>
        (!category || p.category === category) &&
        (!needle || `${p.styleNumber} ${p.name} ${p.brand}`.toLowerCase().includes(needle)),
    );
  }, [listing, query, category]);

  return (
    <>
      <PageIntro
        eyebrow="Supplier tools"
        title="SanMar Products"
        lead="Products and data files from the SanMar file server."
      />
      <Container className="space-y-6 py-10 sm:pb-16">
        <div className="flex flex-wrap gap-3">
          <Form method="post">
            <Button type="submit" name="intent" value="refresh" disabled={refreshing}>
              {refreshing ? "Refreshing..." : "Refresh Connection"}
            </Button>
          </Form>
          <Button
            variant="secondary"
            onClick={() => setShowFiles((v) => !v)}
            aria-expanded={showFiles}
          >
            {showFiles ? "Hide Files" : "Show Files"}
          </Button>
        </div>

        {!result.ok && "notConfigured" in result && result.notConfigured && (
          <Alert tone="info" title="Not configured">
            Set {result.notConfigured.join(", ")} in the server environment to read the SanMar file
            server.
          </Alert>
        )}
        {failed && (
          <Alert tone="error" title={`Error loading products: ${failed}`}>
            <Button
              variant="secondary"
              size="sm"
              className="mt-2"
              onClick={() => revalidator.revalidate()}
            >
              Try Again
            </Button>
          </Alert>
        )}

        <section
          aria-label="Connection status"
          className="rounded-card border border-line bg-white p-4 shadow-card text-sm"
        >
          <p className="font-semibold text-ink">
            Connection status: {listing ? "Connected" : "Not connected"}
          </p>
          {listing && (
            <ul className="mt-2 space-y-1 text-ink-muted">
              <li>Files found: {listing.filesFound}</li>
              <li>
                Target file: {listing.targetFile}{" "}
                {listing.targetFileFound
                  ? `(${formatSize(listing.targetFileSize ?? 0)})`
                  : "(not found)"}
              </li>
              <li>{listing.note}</li>
            </ul>
          )}
        </section>

        {showFiles && (
          <DataTable
            caption="Available files"
            rows={listing?.availableFiles ?? []}
            rowKey={(f) => f.path}
            empty="No files found."
            columns={[
              { header: "Filename", cell: (f) => f.name },
              { header: "Path", cell: (f) => f.path },
              {
                header: "Size",
                cell: (f) => (f.isDirectory ? "—" : formatSize(f.size)),
                align: "right",
              },
              { header: "Type", cell: (f) => (f.isDirectory ? "Folder" : "File") },
            ]}
          />
        )}

        <Field label="Search products">
          {(control) => (
            <Input
              {...control}
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          )}
        </Field>
        <div role="group" aria-label="Categories" className="flex flex-wrap gap-2">
          {[null, ...(listing?.categories ?? [])].map((c) => (
            <Button
              key={c ?? "all"}
              size="sm"
              variant={category === c ? "primary" : "secondary"}
              aria-pressed={category === c}
              onClick={() => setCategory(c)}
            >
              {c ?? "All"}
            </Button>
          ))}
        </div>
        <DataTable
          caption="SanMar products"
          rows={products}
          rowKey={(p) => p.id}
          empty="No products."
          columns={[
            { header: "Style", cell: (p) => p.styleNumber },
            { header: "Name", cell: (p) => p.name },
            { header: "Brand", cell: (p) => p.brand },
            { header: "Category", cell: (p) => p.category },
            { header: "Colors", cell: (p) => p.colors.join(", ") },
            { header: "Sizes", cell: (p) => p.sizes.join(", ") },
            {
              header: "Price",
              cell: (p) => formatUsd(dollarsToCents(p.price), { cents: true }),
              align: "right",
            },
          ]}
        />
      </Container>
    </>
  );
}
