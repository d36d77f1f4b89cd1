// Shape of the seeded category tree. FAQs are [question, answer] pairs to keep the data files readable.
export type FaqPair = readonly [question: string, answer: string];

export type SubcategorySeed = {
  slug: string;
  name: string;
  description: string;
  faqs: readonly FaqPair[];
  // Hints for the demo directory only (what a product here does, for whom, typical features).
  demo: { topic: string; audience: readonly string[]; features: readonly string[] };
};

export type CategorySeed = {
  slug: string;
  name: string;
  description: string;
  faqs: readonly FaqPair[];
  children: readonly SubcategorySeed[];
};
