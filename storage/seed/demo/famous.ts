import type { Faq, PricingPlan } from '../../schema';

// Well-known names in the demo directory (search tests look for "Notion"). Marked is_demo like every
// demo row; the copy is deliberately generic and prices are not quoted.
export type FamousSeed = {
  name: string; slug: string; url: string; category: string; extraCategories: string[];
  weeksAgo: number; votes: number; foundedYear: number; city: string; country: string;
  tagline: string; shortDescription: string; description: string;
  features: string[]; usps: string[]; keywords: string[]; tags: string[];
  pricingModel: string; pricingSummary: string; pricingPlans: PricingPlan[]; faqs: Faq[];
  socials: Record<string, string>;
};

const plans = (paid: string): PricingPlan[] => [
  { name: 'Free', price: '$0', period: 'month', features: ['For individuals'] },
  { name: paid, price: 'Per member', period: 'month', features: ['For teams', 'Admin controls'] },
];

export const FAMOUS: FamousSeed[] = [
  {
    name: 'Notion', slug: 'notion', url: 'https://www.notion.so', category: 'notes-knowledge-bases', extraCategories: ['project-management'],
    weeksAgo: 2, votes: 312, foundedYear: 2013, city: 'San Francisco', country: 'US',
    tagline: 'The connected workspace for docs, wikis and projects',
    shortDescription: 'Notion brings notes, docs, wikis and project boards into one workspace that teams shape to fit how they work.',
    description: 'Notion is a connected workspace where teams write docs, build wikis and plan projects in one place. Pages are made of flexible blocks, and databases turn any list into a board, table, calendar or timeline.\n\nTeams use it to replace a patchwork of note apps, task tools and shared drives. Templates cover common needs such as meeting notes, roadmaps and onboarding guides.\n\nBuilt-in AI helps draft, summarise and search across the workspace.',
    features: ['Docs and wikis', 'Databases with board, table and calendar views', 'Templates', 'Real-time collaboration', 'AI writing and search'],
    usps: ['One workspace instead of many tools', 'Flexible building blocks'],
    keywords: ['notes', 'wiki', 'docs', 'knowledge base', 'project management'], tags: ['saas', 'b2b', 'ai', 'remote-work'],
    pricingModel: 'freemium', pricingSummary: 'Free plan for individuals; paid plans are billed per member.', pricingPlans: plans('Plus'),
    faqs: [
      { question: 'Can Notion replace our wiki?', answer: 'Yes, many teams use Notion pages and databases as their company wiki.' },
      { question: 'Is there a free plan?', answer: 'Yes, individuals can use Notion for free.' },
    ],
    socials: { x: 'https://x.com/NotionHQ', linkedin: 'https://www.linkedin.com/company/notionhq', youtube: 'https://www.youtube.com/@Notion' },
  },
  {
    name: 'Linear', slug: 'linear', url: 'https://linear.app', category: 'project-management', extraCategories: ['code-review'],
    weeksAgo: 1, votes: 268, foundedYear: 2019, city: 'San Francisco', country: 'US',
    tagline: 'Issue tracking built for modern software teams',
    shortDescription: 'Linear is a fast issue tracker for planning and building software, with cycles, projects and roadmaps.',
    description: 'Linear is an issue tracker designed for software teams who want speed and focus. Keyboard shortcuts, instant search and a clean interface keep planning out of the way of building.\n\nCycles, projects and roadmaps connect day-to-day issues to bigger goals, and integrations with Git hosts close issues when code ships.',
    features: ['Issues and sub-issues', 'Cycles and projects', 'Roadmaps', 'Git integrations', 'Keyboard-first interface'],
    usps: ['Very fast interface', 'Opinionated workflows'],
    keywords: ['issue tracking', 'project management', 'roadmap', 'sprints'], tags: ['saas', 'b2b', 'startups'],
    pricingModel: 'freemium', pricingSummary: 'Free plan for small teams; paid plans are billed per user.', pricingPlans: plans('Standard'),
    faqs: [{ question: 'Does Linear integrate with GitHub?', answer: 'Yes, pull requests link to issues and can update their status.' }],
    socials: { x: 'https://x.com/linear', linkedin: 'https://www.linkedin.com/company/linearapp' },
  },
  {
    name: 'Figma', slug: 'figma', url: 'https://www.figma.com', category: 'ui-prototyping', extraCategories: ['graphic-design'],
    weeksAgo: 5, votes: 241, foundedYear: 2012, city: 'San Francisco', country: 'US',
    tagline: 'Collaborative interface design in the browser',
    shortDescription: 'Figma lets teams design, prototype and hand off interfaces together in real time.',
    description: 'Figma is a collaborative design tool for interfaces. Designers, developers and product managers work in the same file at the same time, in the browser or the desktop app.\n\nComponents and shared libraries keep design systems consistent, prototypes make flows clickable, and developer hand-off shows measurements and code.',
    features: ['Real-time collaboration', 'Components and libraries', 'Interactive prototypes', 'Developer hand-off', 'Plugins'],
    usps: ['Works in the browser', 'Everyone in one file'],
    keywords: ['ui design', 'prototyping', 'design systems', 'wireframes'], tags: ['saas', 'b2b'],
    pricingModel: 'freemium', pricingSummary: 'Free starter plan; paid plans are billed per editor.', pricingPlans: plans('Professional'),
    faqs: [{ question: 'Can developers inspect designs?', answer: 'Yes, developers can inspect measurements and copy code snippets.' }],
    socials: { x: 'https://x.com/figma', linkedin: 'https://www.linkedin.com/company/figma', youtube: 'https://www.youtube.com/@Figma' },
  },
];
