/**
 * What a prospect asks, and the passage that answers it, over the launch content: the FAQs seeded
 * in app/capabilities/faqs/seed.ts and the seeded pricing tiers. `answers` lists the FAQ questions that hold the answer (some facts, such
 * as the guarantee, are on two pages); a hit is any of them among the top 3 passages.
 */
export interface EvaluationCase {
  question: string;
  answers: string[];
}

const MINIMUM = "Is there a minimum order?";
const TURNAROUND = ["How quickly will we get our merch?", "How fast do webstore orders arrive?"];
const GUARANTEE = ["Is there a guarantee?", "What if a webstore doesn't work out for us?"];
const COST = "How much does a webstore cost?";
const GIFT_CODES = "How do post-pay gift codes work?";
// Passages made from the pricing tiers (app/capabilities/pricing/passages.server.ts).
const PLANS_PRICES = "Webstore plans, prices and setup fees";
const CORE = "Core plan price and features";
const PRO = "Pro plan price and features";
const ELITE = "Elite plan price and features";

export const RETRIEVAL_EVALUATION: EvaluationCase[] = [
  { question: "How much does a webstore cost?", answers: [COST] },
  {
    question: "What are your prices?",
    answers: [COST, "What's included in each plan?", PLANS_PRICES],
  },
  { question: "Is it cheaper if I pay yearly?", answers: [COST, PLANS_PRICES, CORE, PRO, ELITE] },
  {
    question: "Do you have a minimum order quantity?",
    answers: [MINIMUM, "How fast do webstore orders arrive?"],
  },
  { question: "Do I have to buy a minimum number of shirts?", answers: [MINIMUM] },
  { question: "How fast can you ship?", answers: TURNAROUND },
  { question: "What is your turnaround time?", answers: TURNAROUND },
  { question: "How many business days until orders arrive?", answers: TURNAROUND },
  { question: "Do you offer a money-back guarantee?", answers: GUARANTEE },
  { question: "Can I get a refund of the setup fee?", answers: GUARANTEE },
  { question: "How do gift codes work?", answers: [GIFT_CODES] },
  {
    question: "Can we give employees gift codes for holidays or anniversaries?",
    answers: [GIFT_CODES],
  },
  { question: "Do we pay for gift codes that are never redeemed?", answers: [GIFT_CODES] },
  {
    question: "Do you ship to each employee directly?",
    answers: [
      "Do you only work with organizations near Cincinnati?",
      "What is a company webstore?",
    ],
  },
  {
    question: "Do you work with companies outside Cincinnati?",
    answers: ["Do you only work with organizations near Cincinnati?"],
  },
  {
    question: "Can I place a bulk order for an event?",
    answers: [
      "What can we order in bulk?",
      "Should we choose a bulk order or a webstore?",
      "How does a bulk order work?",
    ],
  },
  { question: "What products can I order in bulk?", answers: ["What can we order in bulk?"] },
  { question: "What are the steps of a bulk order?", answers: ["How does a bulk order work?"] },
  { question: "Which brands do you carry?", answers: ["What can we order in bulk?"] },
  {
    question: "Will you help design our logo placement?",
    answers: ["Can you help with the design?"],
  },
  { question: "Who is my account manager?", answers: ["Who will be our point of contact?"] },
  {
    question: "Should I pick a webstore or a bulk order?",
    answers: ["Should we choose a bulk order or a webstore?"],
  },
  {
    question: "How long does it take to launch a webstore?",
    answers: ["How long does it take to launch a store?", "How quickly will we get our merch?"],
  },
  {
    question: "What is a company webstore?",
    answers: ["What is a company webstore?", "What does Merch Simplified do?"],
  },
  { question: "What's included in the Pro plan?", answers: ["What's included in each plan?"] },
  {
    question: "How many logos can I have on the Elite plan?",
    answers: ["What's included in each plan?", ELITE],
  },
  { question: "Can I cancel my subscription?", answers: ["Can we cancel?"] },
  { question: "How do I sign up?", answers: ["How do we sign up?"] },
  {
    question: "Where are your products printed?",
    answers: ["Where is everything made?", "What makes working with you different?"],
  },
  {
    question: "Do you do embroidery in-house?",
    answers: [
      "Where is everything made?",
      "What makes working with you different?",
      "How fast do webstore orders arrive?",
    ],
  },
  {
    question: "How big a team can use a webstore?",
    answers: [
      "How large a team can a webstore support?",
      "What kinds of organizations do you work with?",
    ],
  },
  {
    question: "Do you work with schools and nonprofits?",
    answers: ["What kinds of organizations do you work with?"],
  },
  {
    question: "What is your phone number?",
    answers: ["What's the best way to reach you?", "Can we talk to the team before committing?"],
  },
  {
    question: "Can I book a discovery call?",
    answers: ["What happens on a discovery call?", "Can we talk to the team before committing?"],
  },
  {
    question: "Are you the same company as SignCo?",
    answers: ["Are you the same team as SignCo?"],
  },
  {
    question: "What should I write in my message to you?",
    answers: ["What should I include in my message?"],
  },
  // Issue 21, item 5: what the site knows exactly, from the FAQs and the live pricing tiers.
  { question: "How long does it take to get our order?", answers: TURNAROUND },
  { question: "When will our order arrive?", answers: TURNAROUND },
  { question: "How much is the Pro plan?", answers: [PRO, PLANS_PRICES] },
  { question: "What does Elite cost?", answers: [ELITE, PLANS_PRICES] },
  { question: "How soon will we receive our order?", answers: TURNAROUND },
  { question: "How long until our merch arrives?", answers: TURNAROUND },
  { question: "What does the Core plan cost per month?", answers: [CORE, PLANS_PRICES] },
  { question: "How much is Elite billed annually?", answers: [ELITE, PLANS_PRICES] },
  { question: "Is there a setup fee?", answers: [PLANS_PRICES, CORE, PRO, ELITE, COST] },
  { question: "What are the prices of your plans?", answers: [PLANS_PRICES, COST] },
  // Near misses: misspellings the full-text search alone would not match.
  { question: "how fast can you shipp", answers: TURNAROUND },
  { question: "is ther a garantee", answers: GUARANTEE },
  { question: "minimun order?", answers: [MINIMUM] },
];

export interface EvaluationResult {
  total: number;
  hits: number;
  hitRate: number;
  /** Questions whose first passage is one that answers (what a keyword-only chat answer leads with). */
  firstHits: number;
  firstHitRate: number;
  /** Questions answered in the top 3 but not first. */
  notFirst: { question: string; expected: string[]; got: string[] }[];
  misses: { question: string; expected: string[]; got: string[] }[];
}

/** Runs the evaluation set through `retrieve` (top 3 titles) and counts the hits, first and top 3. */
export async function evaluateRetrieval(
  retrieve: (question: string) => Promise<string[]>,
): Promise<EvaluationResult> {
  const misses: EvaluationResult["misses"] = [];
  const notFirst: EvaluationResult["notFirst"] = [];
  for (const { question, answers } of RETRIEVAL_EVALUATION) {
    const got = (await retrieve(question)).slice(0, 3);
    if (!got.some((title) => answers.includes(title)))
      misses.push({ question, expected: answers, got });
    else if (!answers.includes(got[0]!)) notFirst.push({ question, expected: answers, got });
  }
  const total = RETRIEVAL_EVALUATION.length;
  const hits = total - misses.length;
  const firstHits = hits - notFirst.length;
  return {
    total,
    hits,
    hitRate: hits / total,
    firstHits,
    firstHitRate: firstHits / total,
    notFirst,
    misses,
  };
}
