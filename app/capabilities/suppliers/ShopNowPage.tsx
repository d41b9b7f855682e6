import { Link } from "react-router";
import { CONTACT_SECTION_ID } from "~/platform/shell/contact";
import { ButtonLink } from "~/platform/ui/Button";
import { Container, PageIntro } from "~/platform/ui/Container";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/platform/ui/Tabs";
import { ConnectionTestPanel } from "./ConnectionTestPanel";
import { CONNECTION_TESTS, type ConnectionTestId } from "./connection-tests";

/** A collection as the catalogue counts it (~/capabilities/catalog/collections). */
interface CollectionCard {
  name: string;
  text: string;
  products: number;
  /** The search of its categories; null when it has no products. */
  href: string | null;
}

const CONTACT = `/#${CONTACT_SECTION_ID}`;

export function ShopNowPage({
  missing,
  collections,
}: {
  missing: Record<ConnectionTestId, string[]> | null;
  collections: CollectionCard[];
}) {
  return (
    <>
      <PageIntro
        eyebrow="Products"
        title="Shop Our Products"
        lead="Browse our collections, or talk to our team about what you need."
      />
      <Container className="space-y-12 py-10 sm:pb-16">
        {missing && (
          <section aria-labelledby="api-tests-heading" className="space-y-4">
            <h2 id="api-tests-heading" className="text-xl font-semibold text-ink">
              Supplier API tests (admins only)
            </h2>
            <Tabs defaultValue="promostandards">
              <TabsList aria-label="Supplier API tests">
                {CONNECTION_TESTS.map((t) => (
                  <TabsTrigger key={t.id} value={t.id}>
                    {t.label}
                  </TabsTrigger>
                ))}
              </TabsList>
              {CONNECTION_TESTS.map((t) => (
                <TabsContent key={t.id} value={t.id}>
                  <ConnectionTestPanel test={t.id} missing={missing[t.id]} />
                </TabsContent>
              ))}
            </Tabs>
          </section>
        )}
        <section aria-label="Collections" className="grid gap-6 md:grid-cols-3">
          {collections.map((c) => (
            <article
              key={c.name}
              className="flex flex-col rounded-card border border-line bg-white p-6 shadow-card"
            >
              <h2 className="text-lg font-semibold text-ink">{c.name}</h2>
              <p className="mt-2 flex-1 text-ink-muted">{c.text}</p>
              {c.href ? (
                <ButtonLink to={c.href} className="mt-4">
                  View Collection
                </ButtonLink>
              ) : (
                <>
                  <p className="mt-3 text-sm font-medium text-ink">
                    Nothing in this collection in our online catalogue yet: our team sources it for
                    you.
                  </p>
                  <ButtonLink to={CONTACT} variant="secondary" className="mt-4">
                    Contact Our Team
                  </ButtonLink>
                </>
              )}
            </article>
          ))}
        </section>
        <p className="text-center">
          <Link to={CONTACT} className="font-semibold text-brand-700 underline">
            Contact Our Team
          </Link>
        </p>
      </Container>
    </>
  );
}
