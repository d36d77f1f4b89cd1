import type { CategorySeed } from './category-types';

// Customer Support, Security, HR & Recruiting and Education.
export const PEOPLE_CATEGORIES: CategorySeed[] = [
  {
    slug: 'customer-support', name: 'Customer Support',
    description: 'Help desks, chat and feedback tools for answering customers quickly and learning what they need.',
    faqs: [
      ['What is a shared inbox?', 'One inbox that a whole team works from, with assignment and notes so two people never answer the same e-mail.'],
      ['Can support be automated?', 'Chatbots and help centers answer common questions; people handle the rest with full context.'],
      ['Which support metrics matter?', 'First response time, resolution time and customer satisfaction are the usual starting points.'],
    ],
    children: [
      {
        slug: 'help-desk', name: 'Help Desk',
        description: 'Ticketing and shared inboxes for e-mail, chat and social support, with assignment, SLAs and reporting.',
        faqs: [
          ['Do help desks support SLAs?', 'Most let you set response and resolution targets and alert agents before they are missed.'],
          ['Can I merge channels in one place?', 'Yes, e-mail, chat and social messages arrive as tickets in one queue.'],
        ],
        demo: { topic: 'customer support ticketing', audience: ['support teams', 'e-commerce brands', 'SaaS companies'], features: ['Shared inbox with assignment', 'SLA timers', 'Canned replies', 'Customer satisfaction surveys', 'Multi-brand support'] },
      },
      {
        slug: 'live-chat', name: 'Live Chat',
        description: 'Website chat widgets and messaging that let visitors talk to a person or a bot in real time.',
        faqs: [
          ['Will a chat widget slow down my site?', 'Modern widgets load asynchronously; check the script size listed by each vendor.'],
          ['Can chat continue by e-mail?', 'Most tools follow up by e-mail when the visitor leaves.'],
        ],
        demo: { topic: 'live chat', audience: ['online stores', 'SaaS sales teams', 'support teams'], features: ['Customisable chat widget', 'AI answers from your help center', 'Proactive messages', 'Mobile apps for agents', 'Visitor context in every chat'] },
      },
      {
        slug: 'help-centers', name: 'Help Centers',
        description: 'Self-service documentation and FAQ sites that answer customer questions before they become tickets.',
        faqs: [
          ['How does a help center reduce tickets?', 'Customers find answers themselves; search analytics show which articles are missing.'],
          ['Can I host docs on my own domain?', 'Yes, help center tools support custom domains and branding.'],
        ],
        demo: { topic: 'help center software', audience: ['support teams', 'product teams', 'developer relations'], features: ['Article editor with versioning', 'Search analytics', 'Custom domain and theme', 'Multilingual articles', 'In-app help widget'] },
      },
      {
        slug: 'customer-feedback', name: 'Customer Feedback',
        description: 'Surveys, feature voting boards and feedback inboxes that turn customer opinions into product decisions.',
        faqs: [
          ['What is NPS?', 'Net Promoter Score asks how likely customers are to recommend you, on a scale from 0 to 10.'],
          ['Should I run a public roadmap?', 'A public roadmap builds trust and collects votes; keep dates vague and update it often.'],
        ],
        demo: { topic: 'customer feedback', audience: ['product managers', 'founders', 'customer success teams'], features: ['Feature voting boards', 'Public roadmap', 'In-app surveys', 'Changelog', 'Feedback tagging with AI'] },
      },
    ],
  },
  {
    slug: 'security', name: 'Security',
    description: 'Tools that protect accounts, code, infrastructure and data, and help prove it to customers and auditors.',
    faqs: [
      ['Where should a small company start with security?', 'A password manager, two-factor authentication everywhere and automatic updates cover the most common attacks.'],
      ['What is SOC 2?', 'An audit standard for how a service company protects customer data; enterprise buyers often ask for it.'],
      ['Are open-source security tools trustworthy?', 'Open code can be inspected by anyone, which helps; judge each project by its maintenance and track record.'],
    ],
    children: [
      {
        slug: 'password-management', name: 'Password Management',
        description: 'Password managers and secrets vaults for people, teams and applications.',
        faqs: [
          ['Is it safe to keep all passwords in one place?', 'A reputable manager with end-to-end encryption and a strong master password is far safer than reused passwords.'],
          ['Do password managers support passkeys?', 'Most current ones store and sync passkeys across devices.'],
        ],
        demo: { topic: 'password management', audience: ['teams', 'families', 'IT administrators'], features: ['End-to-end encryption', 'Passkey support', 'Shared vaults', 'Breach alerts', 'Secrets for CI pipelines'] },
      },
      {
        slug: 'identity-access', name: 'Identity & Access',
        description: 'Single sign-on, authentication and access management for employees and for the users of your own app.',
        faqs: [
          ['What is SSO?', 'Single sign-on lets people use one company account to sign in to many apps.'],
          ['Should I build authentication myself?', 'Usually not; hosted auth handles passwords, MFA and social login with fewer security mistakes.'],
        ],
        demo: { topic: 'authentication', audience: ['SaaS developers', 'IT teams', 'B2B startups'], features: ['Social and passwordless login', 'SAML and OIDC single sign-on', 'Multi-factor authentication', 'User management dashboard', 'Audit logs'] },
      },
      {
        slug: 'application-security', name: 'Application Security',
        description: 'Vulnerability scanning, dependency checks and runtime protection for web apps and APIs.',
        faqs: [
          ['What is SCA?', 'Software composition analysis finds known vulnerabilities in the open-source packages your code depends on.'],
          ['Will scanners flood me with false positives?', 'Better tools rank findings by reachability and severity so you fix what matters first.'],
        ],
        demo: { topic: 'vulnerability scanning', audience: ['security teams', 'developers', 'CTOs'], features: ['Dependency vulnerability alerts', 'Secret scanning', 'Dynamic web scans', 'Fix pull requests', 'Compliance reports'] },
      },
      {
        slug: 'compliance', name: 'Compliance Automation',
        description: 'Tools that collect evidence, track policies and prepare companies for SOC 2, ISO 27001 and GDPR audits.',
        faqs: [
          ['How long does SOC 2 take?', 'With automation, a Type I report often takes weeks; Type II needs an observation period of several months.'],
          ['Do these tools replace the auditor?', 'No. They prepare evidence and policies; an independent auditor still issues the report.'],
        ],
        demo: { topic: 'compliance automation', audience: ['startups selling to enterprises', 'security leads', 'operations teams'], features: ['Automated evidence collection', 'Policy templates', 'Vendor risk reviews', 'Trust center page', 'Employee security training'] },
      },
    ],
  },
  {
    slug: 'hr-recruiting', name: 'HR & Recruiting',
    description: 'Software for hiring, paying, onboarding and developing the people who work at a company.',
    faqs: [
      ['When does a company need HR software?', 'Usually around ten to twenty people, when spreadsheets for hiring, leave and payroll start to break.'],
      ['Can these tools handle international teams?', 'Some specialise in global payroll and contractors; check which countries each listing supports.'],
      ['Is employee data kept private?', 'HR tools restrict access by role; check each vendor\'s data protection terms.'],
    ],
    children: [
      {
        slug: 'applicant-tracking', name: 'Applicant Tracking',
        description: 'Job posting, candidate pipelines and interview scheduling for hiring teams.',
        faqs: [
          ['What is an ATS?', 'An applicant tracking system collects applications and moves candidates through interview stages.'],
          ['Can I post to many job boards at once?', 'Most ATS products publish to popular job boards and your careers page in one step.'],
        ],
        demo: { topic: 'recruiting', audience: ['hiring managers', 'recruiters', 'fast-growing startups'], features: ['Careers page builder', 'Candidate pipelines', 'Interview scheduling', 'Scorecards', 'Job board distribution'] },
      },
      {
        slug: 'payroll-benefits', name: 'Payroll & Benefits',
        description: 'Payroll, benefits and contractor payments, including employer-of-record services for hiring abroad.',
        faqs: [
          ['What is an employer of record?', 'A company that legally employs someone on your behalf in a country where you have no entity.'],
          ['Does payroll software file payroll taxes?', 'In supported countries most payroll tools calculate and file payroll taxes for you.'],
        ],
        demo: { topic: 'payroll', audience: ['small businesses', 'remote-first companies', 'HR teams'], features: ['Automatic payroll taxes', 'Contractor payments', 'Benefits administration', 'Employee self-service', 'Global hiring'] },
      },
      {
        slug: 'employee-engagement', name: 'Employee Engagement',
        description: 'Pulse surveys, recognition and internal communication tools that help teams stay connected.',
        faqs: [
          ['Are engagement surveys anonymous?', 'Most tools report only aggregated results above a minimum group size.'],
          ['How often should we survey?', 'Short pulse surveys every few weeks work better than one long annual survey.'],
        ],
        demo: { topic: 'employee engagement', audience: ['people teams', 'remote managers', 'founders'], features: ['Pulse surveys', 'Peer recognition', 'One-on-one agendas', 'Anonymous feedback', 'Slack and Teams apps'] },
      },
      {
        slug: 'performance-reviews', name: 'Performance Reviews',
        description: 'Goals, review cycles and career frameworks that make feedback regular and fair.',
        faqs: [
          ['What are OKRs?', 'Objectives and key results: a goal-setting method that pairs an ambitious objective with measurable results.'],
          ['How long does a review cycle take to set up?', 'Templates in these tools let most teams launch a cycle in an afternoon.'],
        ],
        demo: { topic: 'performance reviews', audience: ['HR leaders', 'engineering managers', 'scale-ups'], features: ['Review cycle templates', 'OKRs and goals', 'Career ladders', '360-degree feedback', 'Calibration views'] },
      },
    ],
  },
  {
    slug: 'education', name: 'Education',
    description: 'Platforms for teaching and learning online: courses, languages, classrooms and study tools.',
    faqs: [
      ['Are there tools for selling my own course?', 'Yes, see Online Course Platforms for hosting, payments and student management.'],
      ['Do education tools work for schools?', 'Learning management systems here are built for schools and companies; check privacy terms for minors.'],
      ['Can I learn for free?', 'Many learning apps have free tiers; filter by pricing model to find them.'],
    ],
    children: [
      {
        slug: 'course-platforms', name: 'Online Course Platforms',
        description: 'Platforms for creating, hosting and selling online courses, cohorts and memberships.',
        faqs: [
          ['Do course platforms take a cut of sales?', 'Some charge a transaction fee on lower plans; paid plans often remove it.'],
          ['Can I run live cohorts?', 'Several platforms support live sessions, schedules and community spaces.'],
        ],
        demo: { topic: 'online courses', audience: ['creators', 'coaches', 'training teams'], features: ['Course builder with drip content', 'Quizzes and certificates', 'Community spaces', 'Payments and coupons', 'Cohort scheduling'] },
      },
      {
        slug: 'language-learning', name: 'Language Learning',
        description: 'Apps and tutors for learning languages through practice, conversation and spaced repetition.',
        faqs: [
          ['Can an app make me fluent?', 'Apps build vocabulary and habit; speaking with people is still needed for fluency.'],
          ['What is spaced repetition?', 'A review schedule that shows items just before you would forget them.'],
        ],
        demo: { topic: 'language learning', audience: ['travellers', 'students', 'professionals'], features: ['Spaced repetition reviews', 'Speaking practice with feedback', 'Offline lessons', 'Progress streaks', 'Native speaker audio'] },
      },
      {
        slug: 'lms', name: 'Learning Management Systems',
        description: 'Systems for delivering and tracking training in schools and companies.',
        faqs: [
          ['What is SCORM?', 'A standard format for e-learning content so courses work in any compliant LMS.'],
          ['Can I track compliance training?', 'Yes, LMS tools record completions and send reminders for mandatory courses.'],
        ],
        demo: { topic: 'corporate training', audience: ['L&D teams', 'schools', 'compliance managers'], features: ['SCORM and xAPI support', 'Learning paths', 'Completion tracking', 'Automated reminders', 'HR system sync'] },
      },
      {
        slug: 'study-tools', name: 'Tutoring & Study Tools',
        description: 'Flashcards, note summarisers, homework helpers and tutoring marketplaces for students.',
        faqs: [
          ['Are AI study tools allowed in school?', 'Rules vary by school; use them to understand material rather than to submit generated work.'],
          ['Do flashcard apps sync across devices?', 'Most sync between phone, tablet and browser.'],
        ],
        demo: { topic: 'study tools', audience: ['students', 'tutors', 'parents'], features: ['Flashcards from your notes', 'Practice quizzes', 'Step-by-step explanations', 'Study planner', 'Tutor matching'] },
      },
    ],
  },
];
