import { site } from "~/platform/config/site";
import { successStories } from "~/platform/db/schema/index";
import type { Seed } from "~/platform/db/seed";

/** Illustrative client stories; the organizations are fictional. Order here is display order. */
const stories: Omit<typeof successStories.$inferInsert, "displayOrder" | "isActive">[] = [
  {
    title: "Caregiver appreciation without the leftover boxes",
    companyName: "Ridgeline Health Partners",
    description:
      "A regional healthcare network with clinics across southwest Ohio wanted to thank 3,200 staff during Hospital Week without guessing sizes for every location. We launched a branded appreciation webstore in under two weeks and sent every employee a post-pay gift code. Staff chose their own quarter-zips, scrub jackets and tumblers, orders arrived within 5–8 business days, and the network paid only for the codes that were redeemed.",
    imageUrl: "/images/stories/healthcare-network.svg",
    linkUrl: "https://stores.example.com/ridgeline-health",
    linkText: "Visit the Ridgeline store",
  },
  {
    title: "One spirit-wear store for nine schools",
    companyName: "Maple Creek Local Schools",
    description:
      "Every building in this suburban Ohio district used to run its own spirit-wear sale, with paper order forms, cash envelopes and boxes left over in June. A single district webstore now carries each school's logo, families and staff order all year, and nothing is made until it's bought. Principals and PTO volunteers got their evenings back.",
    imageUrl: "/images/stories/school-district.svg",
    linkUrl: "https://stores.example.com/maple-creek-schools",
    linkText: "See the district store",
  },
  {
    title: "Workwear that stands up to the shop floor",
    companyName: "Brightwater Precision Components",
    description: `This Dayton-area machining company needed durable jackets for 400 employees across three shifts, plus shirts for a plant-wide safety milestone. Their account manager helped choose workwear built for the floor, matched the thread colors to their brand and planned production around the celebration date. Every piece was embroidered and inspected in our ${site.address.city} shop before delivery.`,
    imageUrl: "/images/stories/manufacturer.svg",
    linkUrl: null,
    linkText: null,
  },
  {
    title: "A brand refresh rolled out to every branch",
    companyName: "Fairhaven Community Credit Union",
    description:
      "When this Ohio and Indiana credit union updated its logo, staff at 12 branches needed new apparel at the same time and the marketing team needed giveaways for community events. A bulk order of polos and branded promo items covered the launch, and a webstore with anniversary and new-hire codes now keeps every branch outfitted without a closet full of stock.",
    imageUrl: "/images/stories/credit-union.svg",
    linkUrl: null,
    linkText: null,
  },
];

export const successStoriesSeed: Seed = {
  name: "success-stories-v1",
  async run(db) {
    await db
      .insert(successStories)
      .values(stories.map((story, displayOrder) => ({ ...story, isActive: true, displayOrder })))
      .onConflictDoNothing();
  },
};
