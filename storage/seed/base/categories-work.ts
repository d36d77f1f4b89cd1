import type { CategorySeed } from './category-types';

// Developer Tools, Productivity, Marketing and Sales & CRM.
export const WORK_CATEGORIES: CategorySeed[] = [
  {
    slug: 'developer-tools', name: 'Developer Tools',
    description: 'Software that helps engineers write, test, ship and run code. From API clients to CI pipelines and production monitoring.',
    faqs: [
      ['What counts as a developer tool?', 'Anything whose main users are software engineers: editors and extensions, API tooling, build and deploy pipelines, databases, and monitoring.'],
      ['Are open-source tools listed here?', 'Yes. Many listings are open source or have an open-source core; the pricing model on each listing says so.'],
      ['How do I compare two developer tools?', 'Open either listing and use Compare, or call the compare_listings tool with both slugs to see their attributes side by side.'],
    ],
    children: [
      {
        slug: 'api-tools', name: 'API Tools',
        description: 'Clients, mocking servers, documentation generators and gateways for designing, testing and publishing APIs.',
        faqs: [
          ['Do API tools support OpenAPI?', 'Most tools in this category import and export OpenAPI 3 documents; check the features list of each listing.'],
          ['Can I mock an API before it exists?', 'Several listings offer mock servers generated from a schema so front-end work can start early.'],
        ],
        demo: { topic: 'API testing', audience: ['backend teams', 'API-first startups', 'platform engineers'], features: ['OpenAPI import and export', 'Mock servers from a schema', 'Automated contract tests', 'Shared request collections', 'Environment variables and secrets'] },
      },
      {
        slug: 'code-review', name: 'Code Review & Quality',
        description: 'Linters, static analysis and review assistants that catch bugs and keep a codebase consistent before it ships.',
        faqs: [
          ['Do these tools replace human code review?', 'No. They take care of style and common mistakes so reviewers can focus on design and behaviour.'],
          ['Which languages are supported?', 'Coverage varies by product; each listing names the languages and platforms it supports in its features.'],
        ],
        demo: { topic: 'code review', audience: ['engineering teams', 'open-source maintainers', 'tech leads'], features: ['Pull request summaries', 'Static analysis on every commit', 'Custom lint rules', 'Review reminders in Slack', 'Code ownership maps'] },
      },
      {
        slug: 'devops-ci-cd', name: 'DevOps & CI/CD',
        description: 'Build pipelines, deployment automation and infrastructure tooling that take code from a commit to production.',
        faqs: [
          ['What is CI/CD?', 'Continuous integration builds and tests every change; continuous delivery deploys passing changes automatically or with one click.'],
          ['Can I self-host these tools?', 'Some products offer a self-hosted runner or edition; the listing pricing plans mention it where available.'],
        ],
        demo: { topic: 'deployment automation', audience: ['DevOps teams', 'SaaS engineering teams', 'solo developers'], features: ['Preview environments per branch', 'Parallel test runners', 'One-click rollbacks', 'Infrastructure as code templates', 'Build caching'] },
      },
      {
        slug: 'databases-backend', name: 'Databases & Backend',
        description: 'Hosted databases, backend-as-a-service platforms and data layers that store and serve application data.',
        faqs: [
          ['Should I choose SQL or NoSQL?', 'Relational databases suit most applications with structured data; document and key-value stores shine for flexible or very high-volume access patterns.'],
          ['Do these services handle backups?', 'Managed databases usually include automated backups and point-in-time recovery; check the plan details on each listing.'],
        ],
        demo: { topic: 'managed databases', audience: ['app developers', 'indie hackers', 'data-heavy startups'], features: ['Automatic backups', 'Branching for development databases', 'Row-level security', 'Realtime subscriptions', 'Edge read replicas'] },
      },
      {
        slug: 'monitoring-observability', name: 'Monitoring & Observability',
        description: 'Uptime checks, logs, metrics, traces and error tracking that show what production is doing and why it broke.',
        faqs: [
          ['What is the difference between monitoring and observability?', 'Monitoring watches known signals and alerts on them; observability lets you ask new questions of logs, metrics and traces after something unexpected happens.'],
          ['Can I get alerts on my phone?', 'Most products here alert by e-mail, chat and mobile push, and integrate with on-call tools.'],
        ],
        demo: { topic: 'error tracking', audience: ['SRE teams', 'web developers', 'mobile teams'], features: ['Uptime checks from many regions', 'Distributed tracing', 'Log search with saved queries', 'Status pages', 'On-call alert routing'] },
      },
    ],
  },
  {
    slug: 'productivity', name: 'Productivity',
    description: 'Tools that help people and teams organise work, keep knowledge in one place and get more done with less busywork.',
    faqs: [
      ['Which productivity tool should a small team start with?', 'Start with one shared place for tasks and notes; add scheduling and automation once the team has a routine.'],
      ['Do these tools work offline?', 'Many have desktop and mobile apps with offline support; the features list on each listing says so.'],
      ['Can I import my data from another tool?', 'Most listings offer importers for common formats such as CSV and Markdown, and for popular competitors.'],
    ],
    children: [
      {
        slug: 'notes-knowledge-bases', name: 'Notes & Knowledge Bases',
        description: 'Note-taking apps, wikis and personal knowledge bases for capturing ideas and sharing what a team knows.',
        faqs: [
          ['Is Markdown supported?', 'Most note apps here read and write Markdown, and several store notes as plain files you own.'],
          ['Can a team share a wiki?', 'Team plans usually add shared spaces, permissions and page history.'],
        ],
        demo: { topic: 'team wikis', audience: ['remote teams', 'researchers', 'writers'], features: ['Backlinks between notes', 'Markdown export', 'Page templates', 'Full-text search across workspaces', 'Granular sharing permissions'] },
      },
      {
        slug: 'project-management', name: 'Task & Project Management',
        description: 'Boards, lists and timelines for planning projects, assigning tasks and tracking progress across a team.',
        faqs: [
          ['Kanban or Gantt?', 'Kanban boards suit continuous work; Gantt timelines suit projects with dependencies and dates. Many tools offer both views.'],
          ['Do these tools integrate with chat?', 'Most connect to Slack or Microsoft Teams for notifications and quick task creation.'],
        ],
        demo: { topic: 'project planning', audience: ['product teams', 'agencies', 'operations teams'], features: ['Kanban and timeline views', 'Recurring tasks', 'Workload balancing', 'Client portals', 'Sprint planning'] },
      },
      {
        slug: 'scheduling', name: 'Calendars & Scheduling',
        description: 'Booking pages, shared calendars and meeting assistants that remove the back-and-forth of finding a time.',
        faqs: [
          ['Do booking links respect my existing calendar?', 'Yes, scheduling tools check connected calendars for conflicts before offering a slot.'],
          ['Can I take payments for bookings?', 'Several tools connect to payment providers so clients pay when they book.'],
        ],
        demo: { topic: 'meeting scheduling', audience: ['consultants', 'sales teams', 'recruiters'], features: ['Personal booking pages', 'Round-robin team scheduling', 'Time-zone detection', 'Buffer times between meetings', 'Calendar sync with Google and Outlook'] },
      },
      {
        slug: 'time-tracking', name: 'Time Tracking',
        description: 'Timers, timesheets and reports that show where time goes and turn billable hours into invoices.',
        faqs: [
          ['Is automatic time tracking private?', 'Good tools keep automatic activity data visible only to the person tracked unless they choose to share it.'],
          ['Can I bill clients from tracked time?', 'Many time trackers export timesheets or create invoices directly from billable entries.'],
        ],
        demo: { topic: 'time tracking', audience: ['freelancers', 'agencies', 'remote teams'], features: ['One-click timers', 'Billable rates per project', 'Timesheet approvals', 'Idle detection', 'Invoice export'] },
      },
      {
        slug: 'automation', name: 'Automation & Integrations',
        description: 'No-code workflow builders and integration platforms that connect apps and move data between them automatically.',
        faqs: [
          ['Do I need to code to build automations?', 'No. These tools use visual builders; some also allow custom code steps for edge cases.'],
          ['How are automations billed?', 'Usually by the number of tasks or runs per month; check each listing for its pricing plans.'],
        ],
        demo: { topic: 'workflow automation', audience: ['operations teams', 'small businesses', 'no-code builders'], features: ['Visual workflow builder', 'Hundreds of app connectors', 'Webhooks and schedules', 'Error retries and run history', 'Custom code steps'] },
      },
    ],
  },
  {
    slug: 'marketing', name: 'Marketing',
    description: 'Software for reaching and growing an audience: e-mail, search, social media and the pages that turn visitors into customers.',
    faqs: [
      ['Which marketing tool gives the fastest results?', 'It depends on your channel. E-mail to an existing audience is usually quickest; SEO compounds over months.'],
      ['Can I measure what works?', 'Most marketing tools report opens, clicks and conversions, and connect to analytics tools for attribution.'],
      ['Are these tools GDPR friendly?', 'Many offer EU data hosting and consent features; check the listing and the vendor documentation for details.'],
    ],
    children: [
      {
        slug: 'email-marketing', name: 'Email Marketing',
        description: 'Newsletter platforms and e-mail automation for sending campaigns, sequences and transactional mail that people open.',
        faqs: [
          ['How do I avoid the spam folder?', 'Authenticate your domain with SPF, DKIM and DMARC, send to people who opted in, and keep lists clean.'],
          ['Newsletter platform or marketing automation?', 'Newsletter platforms focus on writing and growing an audience; automation tools add segments and behaviour-based sequences.'],
        ],
        demo: { topic: 'e-mail campaigns', audience: ['creators', 'e-commerce brands', 'SaaS marketers'], features: ['Drag-and-drop e-mail editor', 'Automated sequences', 'Audience segments', 'A/B subject line tests', 'Deliverability monitoring'] },
      },
      {
        slug: 'seo-tools', name: 'SEO Tools',
        description: 'Keyword research, rank tracking, site audits and backlink analysis for earning traffic from search engines.',
        faqs: [
          ['How long does SEO take to work?', 'New pages often take weeks to months to rank; audits and fixes to existing pages can show results sooner.'],
          ['What is Domain Rating?', 'A third-party score of a site\'s backlink strength. This directory shows it as a separate board, not as a quality judgement.'],
        ],
        demo: { topic: 'keyword research', audience: ['content teams', 'SEO agencies', 'bloggers'], features: ['Keyword difficulty scores', 'Daily rank tracking', 'Technical site audits', 'Backlink monitoring', 'Content briefs'] },
      },
      {
        slug: 'social-media-management', name: 'Social Media Management',
        description: 'Schedulers, inboxes and analytics for publishing to social networks and keeping up with comments and messages.',
        faqs: [
          ['Which networks are supported?', 'Most tools cover the major networks; the features list of each listing names them.'],
          ['Can a team approve posts before they go out?', 'Team plans commonly include drafts, approval steps and shared content calendars.'],
        ],
        demo: { topic: 'social media scheduling', audience: ['social media managers', 'agencies', 'small brands'], features: ['Content calendar', 'Best-time-to-post suggestions', 'Unified social inbox', 'Approval workflows', 'Link-in-bio pages'] },
      },
      {
        slug: 'landing-page-builders', name: 'Landing Pages & Forms',
        description: 'Page builders, form tools and pop-ups for launching campaigns and capturing leads without waiting on developers.',
        faqs: [
          ['Can I use my own domain?', 'Yes, paid plans of most builders let you connect a custom domain with HTTPS.'],
          ['Do forms connect to my CRM?', 'Most form tools send submissions to popular CRMs and e-mail tools or to any webhook.'],
        ],
        demo: { topic: 'landing pages', audience: ['growth marketers', 'startups', 'course creators'], features: ['Conversion-focused templates', 'Built-in A/B testing', 'Multi-step forms', 'Custom domains', 'Zapier and webhook integrations'] },
      },
    ],
  },
  {
    slug: 'sales-crm', name: 'Sales & CRM',
    description: 'Customer relationship management, prospecting and deal tools that help sales teams find, win and keep customers.',
    faqs: [
      ['What does a CRM do?', 'A CRM keeps every contact, company, conversation and deal in one place so nothing falls through the cracks.'],
      ['Do small teams need a CRM?', 'Once more than one person talks to customers, a shared CRM usually pays for itself in follow-ups that are not forgotten.'],
      ['Can I import contacts from spreadsheets?', 'Yes, CRMs here import CSV files and sync with e-mail and calendar accounts.'],
    ],
    children: [
      {
        slug: 'crm', name: 'CRM Software',
        description: 'Contact and pipeline management for tracking leads, deals and customer conversations from first touch to renewal.',
        faqs: [
          ['Does a CRM log my e-mails automatically?', 'Most CRMs here sync Gmail or Outlook and attach conversations to the right contact.'],
          ['Can I customise pipeline stages?', 'Yes, pipelines, fields and views are configurable in almost every CRM listed.'],
        ],
        demo: { topic: 'pipeline management', audience: ['B2B sales teams', 'founders doing sales', 'account managers'], features: ['Visual deal pipelines', 'E-mail and calendar sync', 'Custom fields and views', 'Sales forecasting', 'Activity reminders'] },
      },
      {
        slug: 'sales-engagement', name: 'Sales Engagement',
        description: 'Outreach sequences, dialers and meeting tools that help reps contact more prospects with less manual work.',
        faqs: [
          ['Is cold outreach allowed?', 'Rules differ by country. Use tools with opt-out handling and follow local law such as GDPR and CAN-SPAM.'],
          ['Do sequences stop when someone replies?', 'Yes, sequences in these tools pause automatically on a reply or a booked meeting.'],
        ],
        demo: { topic: 'sales outreach', audience: ['SDR teams', 'agencies', 'recruiting firms'], features: ['Multi-channel sequences', 'Reply detection', 'Built-in dialer', 'Personalisation snippets', 'Team performance reports'] },
      },
      {
        slug: 'lead-generation', name: 'Lead Generation',
        description: 'Prospect databases, enrichment and intent data for finding the right companies and people to contact.',
        faqs: [
          ['Where does lead data come from?', 'Vendors combine public sources, partners and user contributions; check each vendor\'s privacy policy for details.'],
          ['What is data enrichment?', 'Filling in missing facts about a lead, such as company size or role, from an e-mail address or domain.'],
        ],
        demo: { topic: 'lead enrichment', audience: ['growth teams', 'outbound sales teams', 'marketing ops'], features: ['Company and contact search', 'E-mail verification', 'CRM enrichment', 'Website visitor identification', 'Buying intent signals'] },
      },
      {
        slug: 'proposals-contracts', name: 'Proposals & Contracts',
        description: 'Quotes, proposals and e-signature tools that shorten the path from a verbal yes to a signed deal.',
        faqs: [
          ['Are e-signatures legally binding?', 'In most countries yes, under laws such as eIDAS in the EU and the ESIGN Act in the US.'],
          ['Can clients pay from a proposal?', 'Several tools let clients accept, sign and pay a deposit in one step.'],
        ],
        demo: { topic: 'sales proposals', audience: ['agencies', 'freelancers', 'B2B sales teams'], features: ['Proposal templates', 'Legally binding e-signatures', 'Open and view tracking', 'Payments on acceptance', 'CRM sync'] },
      },
    ],
  },
];
