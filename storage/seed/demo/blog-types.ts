export type BlogSeed = {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  tags: string[];
  daysAgo: number; // published this many days before the seeding clock
  faqs: { question: string; answer: string }[];
  body: string; // Markdown
};
