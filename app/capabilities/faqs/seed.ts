import { formatAddress, site } from "~/platform/config/site";
import { faqPage, faqs } from "~/platform/db/schema/index";
import type { Seed } from "~/platform/db/seed";

type FaqPage = (typeof faqPage.enumValues)[number];

interface Faq {
  question: string;
  /** Short trusted HTML: <p>, <ul><li> and <strong> only. */
  answer: string;
}

const city = site.address.city;

/** Three to five questions for every page that shows an FAQ; the order here is the display order. */
const faqsByPage: Record<FaqPage, Faq[]> = {
  index: [
    {
      question: "What does Merch Simplified do?",
      answer:
        "<p>We make branded merchandise the easiest part of your job, in two ways:</p>" +
        "<ul>" +
        "<li><strong>Company webstores</strong>: a branded online store where your employees, clients or community order their own gear, made on demand.</li>" +
        "<li><strong>Custom bulk orders</strong>: branded apparel and promotional products for events, gifts and teams, with a dedicated account manager from quote to delivery.</li>" +
        "</ul>",
    },
    {
      question: "Is there a minimum order?",
      answer:
        "<p><strong>No minimums.</strong> Webstore items are made on demand when someone orders them, so you never pay for boxes of unused shirts or keep inventory on hand.</p>" +
        "<p>For bulk orders, we quote the quantity you actually need for your event or team.</p>",
    },
    {
      question: "How quickly will we get our merch?",
      answer:
        "<p>Webstore orders have a <strong>5–8 business day</strong> turnaround, because we print and embroider everything in-house. A new webstore is built and ready to launch in <strong>under 2 weeks</strong>.</p>" +
        "<p>For bulk orders, we confirm a production schedule with your quote, so let us know your in-hands date when you reach out.</p>",
    },
    {
      question: "What if a webstore doesn't work out for us?",
      answer:
        "<p>We stand behind it. If your webstore hasn't delivered value after <strong>6 months</strong>, we refund <strong>100% of your setup fee</strong>.</p>",
    },
    {
      question: "Where is everything made?",
      answer: `<p>In our own warehouse in the Cincinnati area, at ${formatAddress()}. Our team does the printing and embroidery in-house, and every item is inspected before it ships.</p>`,
    },
  ],

  about: [
    {
      question: "Who is Merch Simplified?",
      answer: `<p>We're a family-run merchandise team in ${city}, Ohio, just outside Cincinnati. We print and embroider for businesses, schools and communities, and our whole focus is making merch easy for the people who have to organize it.</p>`,
    },
    {
      question: "Are you the same team as SignCo?",
      answer:
        "<p>Yes. SignCo's merchandise business is now Merch Simplified: <strong>the same people and the same in-house production</strong>, with a sharper focus on merch.</p>",
    },
    {
      question: "What kinds of organizations do you work with?",
      answer:
        "<p>Companies, healthcare groups, schools, credit unions, nonprofits and community organizations. Our webstores serve teams of <strong>50 to 10,000+</strong> people, and our bulk orders cover everything from a single event to a company-wide rollout.</p>",
    },
    {
      question: "What makes working with you different?",
      answer:
        "<ul>" +
        "<li><strong>A team who cares</strong>: real people who know your account, not a ticket queue.</li>" +
        "<li><strong>In-house production</strong>: we control quality from the first print to the final inspection.</li>" +
        "<li><strong>No minimum requirements</strong> and <strong>post-pay webstore codes</strong>, so you only pay for what your team actually uses.</li>" +
        "</ul>",
    },
    {
      question: "Can we talk to the team before committing?",
      answer: `<p>Of course. Book a discovery call from the contact section, call us at <strong>${site.phone.display}</strong> or email <strong>${site.email}</strong>. We'll walk you through how we work and what would fit your team.</p>`,
    },
  ],

  webstores: [
    {
      question: "What is a company webstore?",
      answer:
        "<p>A branded online store built just for your organization. Your employees, clients or community members choose their own items and sizes, and we print or embroider each order on demand and ship it to them.</p>" +
        "<p>No size spreadsheets, no leftover boxes and no inventory to manage.</p>",
    },
    {
      question: "How do post-pay gift codes work?",
      answer:
        "<p>You hand out codes with a spending limit, and you're <strong>only billed for what is actually redeemed</strong>. Teams use them for:</p>" +
        "<ul>" +
        "<li>New-hire welcome gifts</li>" +
        "<li>Holiday gifts</li>" +
        "<li>Work anniversaries</li>" +
        "<li>Rewards and recognition</li>" +
        "</ul>",
    },
    {
      question: "How long does it take to launch a store?",
      answer:
        "<p>Your store is built in <strong>under 2 weeks</strong>. After a discovery call and sign-up, we set up your store, review it with you in a 30-minute launch planning meeting and then launch it to your team.</p>",
    },
    {
      question: "How fast do webstore orders arrive?",
      answer:
        "<p>Orders are produced in-house with a <strong>5–8 business day</strong> turnaround. Because every item is made on demand, there are <strong>no minimums</strong> and nothing sits on a shelf going out of date.</p>",
    },
    {
      question: "How large a team can a webstore support?",
      answer:
        "<p>Our webstores serve teams of <strong>50 to 10,000+</strong> people. The Core plan suits a focused collection with one logo, while Pro and Elite add more logos, more products and extras such as apparel discounts and customized shipping.</p>",
    },
  ],

  "bulk-orders": [
    {
      question: "What can we order in bulk?",
      answer:
        "<p>Printed and embroidered apparel such as t-shirts, polos, hoodies, jackets and hats, plus hard goods and promotional products such as drinkware, bags and event giveaways. We source from trusted brands including Gildan, Bella+Canvas, Port Authority, Carhartt and The North Face.</p>",
    },
    {
      question: "How does a bulk order work?",
      answer:
        "<ul>" +
        "<li><strong>Consultation</strong>: tell us about your event, team or gift, the quantities and your in-hands date.</li>" +
        "<li><strong>Design &amp; Quote</strong>: we help with artwork and placement, send a proof and give you a clear quote.</li>" +
        "<li><strong>Production</strong>: we print and embroider in-house and inspect every item.</li>" +
        "<li><strong>Delivery</strong>: your order arrives packed and ready to hand out.</li>" +
        "</ul>",
    },
    {
      question: "Can you help with the design?",
      answer:
        "<p>Yes, expert design guidance is part of every bulk order. Send us your logo in whatever format you have, and we'll recommend colors, placements and print or embroidery to suit each item. You approve a proof before anything is produced.</p>",
    },
    {
      question: "Who will be our point of contact?",
      answer:
        "<p>A <strong>dedicated account manager</strong> who looks after your order from the first call to delivery and remembers your logos, colors and preferences for next time.</p>",
    },
    {
      question: "Should we choose a bulk order or a webstore?",
      answer:
        "<p><strong>Bulk orders</strong> fit one-time needs where you know the items and quantities, such as an event, a conference or outfitting a team.</p>" +
        "<p><strong>Webstores</strong> fit ongoing needs where people choose their own items and sizes, such as onboarding, recognition and everyday company gear. Many clients use both.</p>",
    },
  ],

  contact: [
    {
      question: "What's the best way to reach you?",
      answer:
        "<ul>" +
        "<li><strong>Book a call</strong> using the scheduling link in the contact section.</li>" +
        `<li><strong>Email</strong> us at ${site.email}.</li>` +
        `<li><strong>Call</strong> us at ${site.phone.display}.</li>` +
        "</ul>" +
        "<p>Or send the contact form, and a member of our team will get back to you shortly.</p>",
    },
    {
      question: "What should I include in my message?",
      answer:
        "<p>A few details help us give you a useful answer quickly:</p>" +
        "<ul>" +
        "<li>Whether you're interested in a webstore, a bulk order or both</li>" +
        "<li>Roughly how many people or pieces</li>" +
        "<li>The items you have in mind</li>" +
        "<li>Any deadline or in-hands date</li>" +
        "</ul>",
    },
    {
      question: "What happens on a discovery call?",
      answer:
        "<p>It's a short, no-pressure conversation about your team, your goals and how you handle merch today. We'll recommend a webstore, a bulk order or both, and explain the next steps. There's no obligation.</p>",
    },
    {
      question: "Do you only work with organizations near Cincinnati?",
      answer: `<p>No. Our production is in ${city}, Ohio, but we work with organizations well beyond the Cincinnati area. Webstore orders ship directly to each person who orders.</p>`,
    },
  ],

  pricing: [
    {
      question: "What's included in each plan?",
      answer:
        "<ul>" +
        "<li><strong>Core</strong>: 1 logo on up to 25 products, plus gift certificates you only pay for when they're used.</li>" +
        "<li><strong>Pro</strong>: up to 5 logos on up to 150 products, gift certificates, a 5% apparel discount, free inventory of promo products and multiple decoration locations.</li>" +
        "<li><strong>Elite</strong>: up to 10 logos on up to 350 products, gift certificates, a 10% apparel discount, free promo inventory, multiple decoration locations, garment customization and customized shipping options.</li>" +
        "</ul>",
    },
    {
      question: "How much does a webstore cost?",
      answer:
        "<p>Plans start <strong>from $180 per year</strong>. You can pay monthly or annually, and annual billing <strong>saves up to 30%</strong>. Each plan also has a one-time setup fee. All prices are in USD.</p>",
    },
    {
      question: "Is there a guarantee?",
      answer:
        "<p>Yes. If your webstore hasn't delivered value after <strong>6 months</strong>, we refund <strong>100% of your setup fee</strong>.</p>",
    },
    {
      question: "Can we cancel?",
      answer:
        "<p>Yes, you can <strong>cancel anytime</strong>. Plans renew automatically at the end of each monthly or annual term, so cancel before your renewal date and you won't be charged again.</p>",
    },
    {
      question: "How do we sign up?",
      answer:
        "<p>Choose a plan and billing interval, enter your email and any coupon code, and pay securely by card. No account or login is needed. After payment you'll get a short intake form so we can start building your store.</p>",
    },
  ],
};

const rows: (typeof faqs.$inferInsert)[] = faqPage.enumValues.flatMap((page) =>
  faqsByPage[page].map((faq, displayOrder) => ({ page, ...faq, isActive: true, displayOrder })),
);

export const faqsSeed: Seed = {
  name: "faqs-v1",
  async run(db) {
    await db.insert(faqs).values(rows).onConflictDoNothing();
  },
};
