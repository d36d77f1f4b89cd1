import type { BlogSeed } from './blog-types';

// Demo blog posts: guides and how-tos (invented content, marked is_demo).
export const GUIDE_POSTS: BlogSeed[] = [
  {
    slug: 'using-the-directory-from-an-ai-assistant', title: 'Using the directory from your AI assistant', author: 'Kenji Nakamura', daysAgo: 15,
    tags: ['mcp', 'api', 'ai'],
    excerpt: 'Connect the directory to an assistant through MCP and search, compare and submit products in plain language.',
    faqs: [
      { question: 'Which assistants are supported?', answer: 'Any client that speaks the Model Context Protocol over Streamable HTTP.' },
      { question: 'Can an assistant vote for me?', answer: 'No. Votes come only from people on the site; no tool can cast one.' },
    ],
    body: `## One interface, two doors

Every operation is available as an MCP tool and as a REST endpoint with the same name and the same inputs.

## Connecting

1. Add the MCP server URL shown on the site info page to your assistant
2. Sign in when the assistant first needs your account
3. Approve the access it asks for

## Things to try

- "Find privacy-friendly analytics tools from Europe"
- "Compare the two top project management launches this week"
- "Submit my product at https://example.com"

Read the full [API reference](/docs/api) for every tool and its inputs.
`,
  },
  {
    slug: 'claiming-your-listing', title: 'Claiming the listing of your company', author: 'Daniel Okafor', daysAgo: 33,
    tags: ['claims', 'guide'],
    excerpt: 'Someone listed your product already? Verify that you own the domain and take over the listing.',
    faqs: [{ question: 'Is a verified listing the same as a paid one?', answer: 'No. Verified means the company proved it owns the domain; paid plans are separate.' }],
    body: `## Four ways to verify

| Method | What you publish |
| --- | --- |
| DNS | a TXT record on your domain |
| Meta tag | a tag in your homepage head |
| File | a small file at a fixed path |
| E-mail | click a link sent to an address at your domain |

## After verifying

You can edit the listing, post updates and add milestones. The listing shows a **Verified** badge.
`,
  },
  {
    slug: 'understanding-the-leaderboards', title: 'Understanding the leaderboards', author: 'Sofia Reyes', daysAgo: 52,
    tags: ['leaderboards', 'guide'],
    excerpt: 'Community votes, paid billboard, Domain Rating and revenue: four separate boards and what each one means.',
    faqs: [
      { question: 'Can I buy a place on the community board?', answer: 'No. The community board follows votes only. The billboard is the paid board and is always shown as paid.' },
      { question: 'Where does Domain Rating come from?', answer: 'It is a third-party score imported regularly; we show its trend over time.' },
    ],
    body: `## Four boards, four questions

- **Community** (weekly and all time): what do people like? Votes only.
- **Billboard**: who paid to be seen? Ranked by money contributed, always labelled as paid.
- **Domain Rating**: whose website has the strongest backlinks? A third-party score.
- **Revenue**: who makes the most? Verified monthly recurring revenue.

## Why keep them apart

Mixing money and votes would make both meaningless. Each board answers one question honestly.
`,
  },
  {
    slug: 'founder-stories-that-people-read', title: 'Founder stories that people actually read', author: 'Kenji Nakamura', daysAgo: 78,
    tags: ['founders', 'writing'],
    excerpt: 'Why you started, what went wrong and what is next: a simple structure for an honest founder story.',
    faqs: [{ question: 'Can AI write my founder story?', answer: 'No. Founder stories are your own words; the directory never drafts them for you.' }],
    body: `## A structure that works

1. **Why you started**: the moment you noticed the problem
2. **The problem**: who has it and what it costs them
3. **The journey**: what you built first and what you threw away
4. **Lessons**: what you would do differently
5. **What is next**: the one thing you are working on now

## Keep it honest

Readers forgive rough edges; they do not forgive spin. Specific numbers and real mistakes make a story worth reading.
`,
  },
];
