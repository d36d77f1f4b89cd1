import type { BlogSeed } from './blog-types';

// Demo blog posts about launching (invented content, marked is_demo).
export const LAUNCH_POSTS: BlogSeed[] = [
  {
    slug: 'how-to-prepare-a-product-launch', title: 'How to prepare a product launch in four weeks', author: 'Maya Lindqvist', daysAgo: 9,
    tags: ['launch', 'marketing', 'startups'],
    excerpt: 'A week-by-week plan for the month before launch day, from the listing copy to the follow-up e-mail.',
    faqs: [
      { question: 'How far ahead should I schedule my launch week?', answer: 'Four to eight weeks gives you time to prepare assets and tell your audience without losing momentum.' },
      { question: 'Should I launch on a Monday?', answer: 'Launch weeks run Monday to Sunday, so launching early in the week gives you the most days to collect votes.' },
    ],
    body: `## Week 1: get the basics right

Start with the listing itself. People decide in seconds, so the **tagline** must say what the product does and for whom.

- Write a one-sentence tagline and a 300-character summary
- Collect three screenshots and a short demo video
- List the facts your website states clearly: pricing, founders, location

## Week 2: tell the people who already care

Your first votes come from people who know you. Write to them personally; a short note beats a newsletter blast.

## Week 3: prepare launch day

1. Draft the launch post and the founder story
2. Line up answers to the questions you expect
3. Put the [badge](/docs/api) on your homepage if you use the free plan

## Week 4: launch and follow up

Be present on launch day, answer every comment and post an update a week later with what you learned.
`,
  },
  {
    slug: 'free-vs-paid-launch', title: 'Free or paid launch: which one fits your product?', author: 'Daniel Okafor', daysAgo: 24,
    tags: ['launch', 'pricing'],
    excerpt: 'The free queue and a paid launch reach the same directory. The difference is timing and extras.',
    faqs: [
      { question: 'Does a paid launch get more votes?', answer: 'No. Votes come only from people on the site; paying changes timing and placement, not the community ranking.' },
      { question: 'How long is the free queue?', answer: 'Free launches are scheduled six to eight weeks ahead, depending on the queue.' },
    ],
    body: `## Two ways in

Every listing ends up in the same directory. The **free plan** puts you in a queue six to eight weeks ahead and asks you to show our badge on your homepage. A **paid launch** goes live at once or in the week you pick.

## When free is enough

- You are not in a hurry
- You are happy to link back with a badge
- You want to test the waters before spending money

## When paying makes sense

- Your launch is tied to a date, such as a conference or a funding announcement
- You want extras such as featured placement or extra categories

> Prices change over time. Always check the current products list before you decide.

## What paying does not buy

Votes and the community ranking. The community board follows votes only, and the paid billboard is always labelled as paid.
`,
  },
  {
    slug: 'writing-a-listing-that-converts', title: 'Writing a listing that converts visitors into users', author: 'Maya Lindqvist', daysAgo: 41,
    tags: ['copywriting', 'marketing'],
    excerpt: 'Clear beats clever. Seven rules for a tagline, a description and FAQs that answer real questions.',
    faqs: [
      { question: 'How long should my description be?', answer: 'Two or three short paragraphs: what it does, who it is for and why it is different.' },
      { question: 'What should go in the FAQs?', answer: 'The questions people ask before paying: pricing, data location, integrations and support.' },
    ],
    body: `## Seven rules

1. Say what it does in the first five words
2. Name the audience: *for freelancers*, *for support teams*
3. Show, then tell: screenshots before adjectives
4. Use the words your customers use in search
5. Answer objections in the FAQs
6. Keep every claim true and checkable
7. Update the listing when the product changes

## Facts, not fluff

Our drafts only use facts your own website states, with quotes as evidence. If a fact is missing, the field stays empty and shows up in *not found on website*, a hint to add it to your site.

## A quick checklist

- [ ] Tagline under 60 characters
- [ ] Pricing summary matches your pricing page
- [ ] At least three FAQs
`,
  },
  {
    slug: 'what-we-learned-from-1000-launches', title: 'What we learned from 1,000 launches', author: 'Sofia Reyes', daysAgo: 63,
    tags: ['data', 'launch'],
    excerpt: 'Patterns from a thousand launch weeks: timing, categories and what top launches have in common.',
    faqs: [{ question: 'Which day gets the most votes?', answer: 'In our data, launches that go live early in the week collect the most votes by Sunday.' }],
    body: `## The short version

Launches that do well share three things: a clear tagline, an engaged founder and a product people can try in minutes.

## Timing

Most votes arrive in the first three days. Launching on Monday or Tuesday gives you the full week.

## Categories

Crowded categories such as *AI Writing Assistants* need a sharper angle. Smaller categories reward being first.

## Founders matter

Listings with a founder story and regular [updates](/updates) are followed by more people long after launch week.
`,
  },
];
