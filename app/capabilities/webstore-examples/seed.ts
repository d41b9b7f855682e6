import { clientWebstoreExamples } from "~/platform/db/schema/index";
import type { Seed } from "~/platform/db/seed";

/** Illustrative client webstores; the organizations are fictional. Order here is display order. */
const examples: Omit<typeof clientWebstoreExamples.$inferInsert, "displayOrder" | "isActive">[] = [
  {
    headerText: "Employee Appreciation Store",
    companyName: "Ridgeline Health Partners",
    description:
      "Post-pay gift codes let every caregiver pick a thank-you gift, from soft-shell jackets to insulated tumblers, shipped straight to their door. The network pays only for codes that are redeemed.",
    webstoreUrl: "https://stores.example.com/ridgeline-health",
    logoUrl: "/images/clients/ridgeline-health.svg",
  },
  {
    headerText: "District Spirit Wear Store",
    companyName: "Maple Creek Local Schools",
    description:
      "Nine school logos in one store, open to staff and families all year. Every hoodie and tee is made to order, so no building is left with boxes of unsold sizes.",
    webstoreUrl: "https://stores.example.com/maple-creek-schools",
    logoUrl: "/images/clients/maple-creek-schools.svg",
  },
  {
    headerText: "New Hire Welcome Store",
    companyName: "Summit Lane Software",
    description:
      "Each new team member gets a welcome code on day one to choose a hoodie, a tee and a water bottle in their own size, whether they work in the Cincinnati office or remotely.",
    webstoreUrl: "https://stores.example.com/summit-lane",
    logoUrl: "/images/clients/summit-lane.svg",
  },
  {
    headerText: "Branch Team Store",
    companyName: "Fairhaven Community Credit Union",
    description:
      "Branch staff order polos and outerwear in the refreshed brand colors, and managers celebrate work anniversaries with codes employees redeem for the gear they want.",
    webstoreUrl: "https://stores.example.com/fairhaven-ccu",
    logoUrl: "/images/clients/fairhaven-ccu.svg",
  },
];

export const webstoreExamplesSeed: Seed = {
  name: "webstore-examples-v1",
  async run(db) {
    await db
      .insert(clientWebstoreExamples)
      .values(examples.map((example, i) => ({ ...example, isActive: true, displayOrder: i + 1 })))
      .onConflictDoNothing();
  },
};
