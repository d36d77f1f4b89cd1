import type { CategorySeed } from './category-types';

// Design, AI & Machine Learning, Analytics and Finance.
export const BUILD_CATEGORIES: CategorySeed[] = [
  {
    slug: 'design', name: 'Design',
    description: 'Tools for designing interfaces, graphics and video, from first sketch to the assets that ship.',
    faqs: [
      ['Do I need to be a designer to use these tools?', 'No. Many tools offer templates and assistants for non-designers, while professionals get precise controls.'],
      ['Can designers and developers work in the same file?', 'Interface design tools usually include developer hand-off with measurements, code snippets and exported assets.'],
      ['Are there free design tools?', 'Several listings have free plans or are open source; filter by pricing model to find them.'],
    ],
    children: [
      {
        slug: 'ui-prototyping', name: 'UI & Prototyping',
        description: 'Interface design, wireframing and interactive prototyping tools for apps and websites.',
        faqs: [
          ['What is a clickable prototype?', 'A set of linked screens that behaves like the real product, used for testing ideas before building them.'],
          ['Do these tools support design systems?', 'Most support shared components and styles so a team designs with one consistent library.'],
        ],
        demo: { topic: 'interface design', audience: ['product designers', 'front-end teams', 'founders'], features: ['Real-time collaboration', 'Shared component libraries', 'Interactive prototypes', 'Developer hand-off', 'Version history'] },
      },
      {
        slug: 'graphic-design', name: 'Graphic Design',
        description: 'Editors and template libraries for social graphics, presentations, brand assets and print.',
        faqs: [
          ['Can I keep my brand consistent?', 'Brand kits store logos, colours and fonts so every design uses them.'],
          ['Which file formats can I export?', 'Typically PNG, JPG, SVG and PDF; some tools also export animated formats.'],
        ],
        demo: { topic: 'brand graphics', audience: ['marketers', 'small businesses', 'content creators'], features: ['Template library', 'Brand kits', 'Background removal', 'Resize for every network', 'Team folders'] },
      },
      {
        slug: 'video-editing', name: 'Video Editing',
        description: 'Video editors, screen recorders and subtitle tools for making product demos, tutorials and social clips.',
        faqs: [
          ['Can I edit video in the browser?', 'Yes, several editors here run fully in the browser and render in the cloud.'],
          ['Do these tools add subtitles automatically?', 'Most offer automatic transcription and captions that you can correct by hand.'],
        ],
        demo: { topic: 'video editing', audience: ['YouTubers', 'marketing teams', 'educators'], features: ['Edit by editing the transcript', 'Automatic captions', 'Screen and camera recording', 'Brand templates', 'Export for every aspect ratio'] },
      },
      {
        slug: 'icons-illustrations', name: 'Icons & Illustrations',
        description: 'Icon sets, illustration libraries, mock-up generators and other assets that make products look finished.',
        faqs: [
          ['Can I use these assets commercially?', 'Licences differ; each vendor states whether commercial use and attribution are required.'],
          ['Can I change the colours?', 'Vector assets in SVG or Figma format can be recoloured to match your brand.'],
        ],
        demo: { topic: 'icon libraries', audience: ['designers', 'developers', 'indie makers'], features: ['Thousands of vector icons', 'Consistent stroke styles', 'Figma plugin', 'SVG and React exports', 'Commercial licence'] },
      },
    ],
  },
  {
    slug: 'ai-machine-learning', name: 'AI & Machine Learning',
    description: 'Products built on machine learning and large language models, and the infrastructure to build, host and evaluate them.',
    faqs: [
      ['Is my data used to train the models?', 'It depends on the vendor. Check each product\'s privacy policy; many offer a no-training option on business plans.'],
      ['Are AI outputs always correct?', 'No. Language models can state wrong facts confidently; review important output before you rely on it.'],
      ['What is an AI agent?', 'Software that uses a language model to plan and carry out multi-step tasks with tools, not just answer one prompt.'],
    ],
    children: [
      {
        slug: 'ai-writing', name: 'AI Writing Assistants',
        description: 'Assistants that draft, rewrite and summarise text for marketing, support and everyday writing.',
        faqs: [
          ['Can AI writing match my brand voice?', 'Most assistants learn a voice from examples or a style guide you provide.'],
          ['Will search engines penalise AI-written content?', 'Search engines judge helpfulness, not how text was written; edit drafts so they are accurate and original.'],
        ],
        demo: { topic: 'AI copywriting', audience: ['marketers', 'founders', 'support teams'], features: ['Brand voice profiles', 'Long-form drafts from an outline', 'Rewrite and shorten', 'Plagiarism check', 'Browser extension'] },
      },
      {
        slug: 'ai-agents', name: 'AI Agents & Chatbots',
        description: 'Chat assistants and autonomous agents that answer questions, take actions in other apps and automate routine work.',
        faqs: [
          ['Can an agent act in my other tools?', 'Agents connect to apps through integrations or protocols such as MCP, with permissions you grant.'],
          ['How do I keep an agent from going wrong?', 'Limit its tools, require approval for risky actions and review its logs.'],
        ],
        demo: { topic: 'AI agents', audience: ['operations teams', 'customer success teams', 'developers'], features: ['Answers grounded in your documents', 'Actions in connected apps', 'Human approval steps', 'Conversation analytics', 'MCP server support'] },
      },
      {
        slug: 'mlops', name: 'ML Ops & Model Hosting',
        description: 'Platforms for training, deploying, monitoring and evaluating machine learning models and LLM applications.',
        faqs: [
          ['What are evals?', 'Repeatable tests that score a model or prompt on example inputs so you can see whether a change made it better.'],
          ['Can I host open-weight models?', 'Several platforms serve open-weight models on managed GPUs with autoscaling.'],
        ],
        demo: { topic: 'model deployment', audience: ['ML engineers', 'AI startups', 'data science teams'], features: ['Serverless GPU inference', 'Prompt and model evals', 'Experiment tracking', 'Latency and cost dashboards', 'Dataset versioning'] },
      },
      {
        slug: 'ai-image-video', name: 'AI Image & Video Generation',
        description: 'Generators that create and edit images, video, voice and music from text prompts and reference media.',
        faqs: [
          ['Who owns generated images?', 'Terms vary by vendor and country; read the licence before commercial use.'],
          ['Can I generate consistent characters?', 'Some tools keep a character or style consistent across images using reference uploads.'],
        ],
        demo: { topic: 'AI image generation', audience: ['creators', 'marketing teams', 'game studios'], features: ['Text-to-image and image-to-image', 'Style references', 'Upscaling', 'Background and object removal', 'Commercial usage rights'] },
      },
    ],
  },
  {
    slug: 'analytics', name: 'Analytics',
    description: 'Software for measuring websites and products and for turning business data into dashboards and decisions.',
    faqs: [
      ['Do I need cookies for analytics?', 'Not always. Several privacy-focused analytics tools measure traffic without cookies or personal data.'],
      ['Web analytics or product analytics?', 'Web analytics explains where visitors come from; product analytics explains what signed-in users do inside your app.'],
      ['Can I own my analytics data?', 'Self-hosted and warehouse-native tools keep the data in infrastructure you control.'],
    ],
    children: [
      {
        slug: 'web-analytics', name: 'Web Analytics',
        description: 'Traffic, referrer and conversion analytics for websites, including lightweight privacy-first alternatives.',
        faqs: [
          ['Will a lighter script speed up my site?', 'Yes, privacy-first analytics scripts are often under a few kilobytes, much smaller than legacy trackers.'],
          ['Can I track goals and conversions?', 'Most tools support custom events, goals and funnels.'],
        ],
        demo: { topic: 'privacy-friendly web analytics', audience: ['bloggers', 'SaaS marketers', 'agencies'], features: ['Cookie-free tracking', 'Real-time dashboard', 'Goals and funnels', 'UTM campaign reports', 'Public shareable dashboards'] },
      },
      {
        slug: 'product-analytics', name: 'Product Analytics',
        description: 'Event analytics, funnels, retention and session replay for understanding how people use a product.',
        faqs: [
          ['What is retention analysis?', 'A view of how many users come back over time, grouped by when they started.'],
          ['Is session replay private?', 'Good tools mask inputs and sensitive text by default; configure masking before recording.'],
        ],
        demo: { topic: 'product analytics', audience: ['product managers', 'growth teams', 'UX researchers'], features: ['Funnels and retention charts', 'Session replay', 'Feature flags', 'User cohorts', 'Warehouse sync'] },
      },
      {
        slug: 'business-intelligence', name: 'Business Intelligence',
        description: 'Dashboards, SQL editors and reporting tools for exploring company data and sharing metrics.',
        faqs: [
          ['Do I need SQL?', 'Many BI tools offer point-and-click queries; SQL unlocks the rest.'],
          ['Which data sources connect?', 'Databases, warehouses and common SaaS tools; each listing lists its connectors.'],
        ],
        demo: { topic: 'business dashboards', audience: ['data analysts', 'finance teams', 'executives'], features: ['SQL and visual query builder', 'Scheduled reports', 'Embeddable dashboards', 'Metric definitions layer', 'Alerts on thresholds'] },
      },
      {
        slug: 'data-pipelines', name: 'Data Pipelines & ETL',
        description: 'Connectors and pipelines that move data from apps and databases into a warehouse and keep it fresh.',
        faqs: [
          ['ETL or ELT?', 'ELT loads raw data first and transforms it inside the warehouse, which most modern stacks prefer.'],
          ['How fresh is synced data?', 'Schedules range from daily to near real time depending on the connector and plan.'],
        ],
        demo: { topic: 'data pipelines', audience: ['data engineers', 'analytics teams', 'RevOps'], features: ['Prebuilt connectors', 'Change data capture', 'Schema drift handling', 'Reverse ETL', 'Pipeline monitoring'] },
      },
    ],
  },
  {
    slug: 'finance', name: 'Finance',
    description: 'Accounting, invoicing, payments and spend tools for running the money side of a business.',
    faqs: [
      ['Will these tools file my taxes?', 'Some prepare tax reports or integrate with accountants; filing rules depend on your country.'],
      ['Is my financial data secure?', 'Reputable finance tools encrypt data and connect to banks through regulated providers; check each vendor\'s security page.'],
      ['Can I connect my bank?', 'Most accounting and spend tools import bank transactions automatically in supported countries.'],
    ],
    children: [
      {
        slug: 'invoicing-billing', name: 'Invoicing & Billing',
        description: 'Invoices, subscriptions and recurring billing for freelancers, agencies and SaaS companies.',
        faqs: [
          ['Can I send invoices in other currencies?', 'Most invoicing tools support multiple currencies and show exchange rates.'],
          ['Do these tools chase late payments?', 'Automatic reminders are a common feature.'],
        ],
        demo: { topic: 'subscription billing', audience: ['SaaS companies', 'freelancers', 'agencies'], features: ['Recurring invoices', 'Automatic payment reminders', 'Multi-currency support', 'Usage-based billing', 'Customer self-service portal'] },
      },
      {
        slug: 'accounting', name: 'Accounting Software',
        description: 'Bookkeeping, ledgers and financial reporting for small businesses and their accountants.',
        faqs: [
          ['Can my accountant access the books?', 'Yes, accounting tools offer accountant seats or read-only access.'],
          ['Does it handle VAT or sales tax?', 'Most calculate and report the taxes of the countries they support.'],
        ],
        demo: { topic: 'bookkeeping', audience: ['small businesses', 'accountants', 'startups'], features: ['Bank feeds and reconciliation', 'VAT and sales tax reports', 'Profit and loss statements', 'Receipt capture', 'Accountant access'] },
      },
      {
        slug: 'expense-management', name: 'Expense Management',
        description: 'Corporate cards, receipt capture and approval flows that keep company spending under control.',
        faqs: [
          ['How do receipts get matched?', 'Snap a photo or forward an e-mail and the tool matches it to the card transaction.'],
          ['Can I set spending limits?', 'Yes, per card, per person or per category.'],
        ],
        demo: { topic: 'expense management', audience: ['finance teams', 'startups', 'remote companies'], features: ['Virtual and physical cards', 'Receipt matching', 'Approval policies', 'Per diem and mileage', 'Accounting sync'] },
      },
      {
        slug: 'payments', name: 'Payments',
        description: 'Checkout, payment processing and merchant-of-record services for selling online.',
        faqs: [
          ['What is a merchant of record?', 'A company that sells on your behalf and handles sales tax, VAT and compliance for each sale.'],
          ['Which payment methods are supported?', 'Cards are standard; many providers add wallets, bank transfers and local methods.'],
        ],
        demo: { topic: 'online payments', audience: ['SaaS founders', 'e-commerce shops', 'digital creators'], features: ['Hosted checkout', 'Global tax handling', 'Wallets and local payment methods', 'Fraud screening', 'Payouts in many currencies'] },
      },
    ],
  },
];
