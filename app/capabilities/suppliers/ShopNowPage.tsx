import { Link } from "react-router";
import { CONTACT_SECTION_ID } from "~/platform/shell/contact";
import { ButtonLink } from "~/platform/ui/Button";
import { Container, PageIntro } from "~/platform/ui/Container";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/platform/ui/Tabs";
import { ConnectionTestPanel } from "./ConnectionTestPanel";
import { CONNECTION_TESTS, type ConnectionTestId } from "./connection-tests";

const CATEGORIES = [
  {
    name: "Apparel",
    text: "T-shirts, polos, fleece and outerwear from the brands your team already loves.",
  },
  { name: "Drinkware", text: "Tumblers, bottles and mugs that keep your logo on every desk." },
  {
    name: "Promotional Items",
    text: "Bags, notebooks and giveaways for events and onboarding kits.",
  },
];

export function ShopNowPage({ missing }: { missing: Record<ConnectionTestId, string[]> | null }) {
  return (
    <>
      <PageIntro
        eyebrow="Products"
        title="Shop Our Products"
        lead="Browse our collections, or talk to our team about what you need."
      />
      <Container className="space-y-12 pb-16">
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
          {CATEGORIES.map((c) => (
            <article
              key={c.name}
              className="flex flex-col rounded-card border border-line bg-white p-6 shadow-card"
            >
              <h2 className="text-lg font-semibold text-ink">{c.name}</h2>
              <p className="mt-2 flex-1 text-ink-muted">{c.text}</p>
              <ButtonLink
                to={`/product-search?category=${encodeURIComponent(c.name)}`}
                className="mt-4"
              >
                View Collection
              </ButtonLink>
            </article>
          ))}
        </section>
        <p className="text-center">
          <Link to={`/#${CONTACT_SECTION_ID}`} className="font-semibold text-brand-700 underline">
            Contact Our Team
          </Link>
        </p>
      </Container>
    </>
  );
}
