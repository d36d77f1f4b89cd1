// Word lists the demo directory is built from. Everything here is invented; names that resemble real
// companies are coincidental.
export const NAME_HEADS = [
  'Acorn', 'Amber', 'Anchor', 'Arc', 'Aster', 'Atlas', 'Beacon', 'Birch', 'Bright', 'Cedar', 'Cinder', 'Clear',
  'Cobalt', 'Comet', 'Coral', 'Crisp', 'Delta', 'Drift', 'Echo', 'Ember', 'Fern', 'Flint', 'Focus', 'Glide',
  'Harbor', 'Helix', 'Hive', 'Indigo', 'Juniper', 'Kite', 'Lumen', 'Maple', 'Meadow', 'Mint', 'Nimbus', 'North',
  'Nova', 'Oak', 'Onyx', 'Orbit', 'Pebble', 'Pilot', 'Pine', 'Prism', 'Pulse', 'Quartz', 'Quill', 'Rally',
  'Ripple', 'River', 'Sage', 'Signal', 'Slate', 'Solar', 'Spark', 'Sprout', 'Summit', 'Swift', 'Tandem', 'Tide',
  'Umber', 'Vela', 'Verve', 'Willow', 'Zephyr', 'Zinc',
] as const;

export const NAME_TAILS = [
  'base', 'bird', 'board', 'box', 'bridge', 'cast', 'craft', 'deck', 'desk', 'dock', 'flow', 'forge', 'frame',
  'grid', 'hub', 'kit', 'lab', 'lane', 'layer', 'ledger', 'line', 'link', 'loop', 'mark', 'mate', 'nest', 'note',
  'path', 'point', 'post', 'scope', 'shift', 'sight', 'stack', 'stream', 'sync', 'track', 'ware', 'wise', 'works',
] as const;

export const NAME_ENDINGS = ['ly', 'io', 'HQ', 'app', 'AI', 'ify'] as const;

export const FIRST_NAMES = [
  'Aarav', 'Abigail', 'Adaeze', 'Ahmed', 'Aiko', 'Alejandro', 'Alice', 'Amara', 'Ana', 'Anders', 'Ben', 'Bruno',
  'Camille', 'Carlos', 'Chen', 'Chloe', 'Daniel', 'Diego', 'Elena', 'Emeka', 'Emma', 'Farah', 'Felix', 'Freya',
  'Hana', 'Hugo', 'Ines', 'Isaac', 'Jakub', 'James', 'Jana', 'Jonas', 'Julia', 'Kai', 'Karan', 'Kenji', 'Lars',
  'Laura', 'Leila', 'Liam', 'Lucia', 'Maria', 'Mateo', 'Maya', 'Mei', 'Mia', 'Nadia', 'Noah', 'Nora', 'Olu',
  'Omar', 'Priya', 'Rafael', 'Riya', 'Rosa', 'Sam', 'Sara', 'Sofia', 'Tariq', 'Theo', 'Tomas', 'Yara', 'Yusuf', 'Zoe',
] as const;

export const LAST_NAMES = [
  'Adeyemi', 'Andersson', 'Bauer', 'Becker', 'Bianchi', 'Brown', 'Carvalho', 'Chen', 'Costa', 'Dubois', 'Eriksen',
  'Fischer', 'Garcia', 'Gupta', 'Haddad', 'Hansen', 'Hoffmann', 'Ito', 'Jansen', 'Johnson', 'Kim', 'Kowalski',
  'Kumar', 'Larsen', 'Laurent', 'Lee', 'Lopez', 'Martin', 'Meyer', 'Moreau', 'Murphy', 'Nakamura', 'Novak', 'Nowak',
  'Okafor', 'Olsen', 'Park', 'Patel', 'Pereira', 'Petrov', 'Quinn', 'Rahman', 'Reyes', 'Rossi', 'Santos', 'Schmidt',
  'Shah', 'Silva', 'Singh', 'Sato', 'Tanaka', 'Taylor', 'Thompson', 'Vargas', 'Virtanen', 'Walsh', 'Wang', 'Weber',
  'Williams', 'Wong', 'Yilmaz', 'Zhang',
] as const;

// Country code, weight, cities.
export const PLACES: readonly (readonly [string, number, readonly string[]])[] = [
  ['US', 30, ['San Francisco', 'New York', 'Austin', 'Seattle', 'Boston', 'Denver']],
  ['GB', 10, ['London', 'Manchester', 'Edinburgh', 'Bristol']],
  ['DE', 8, ['Berlin', 'Munich', 'Hamburg']],
  ['FR', 5, ['Paris', 'Lyon', 'Nantes']],
  ['NL', 4, ['Amsterdam', 'Rotterdam', 'Utrecht']],
  ['CA', 5, ['Toronto', 'Vancouver', 'Montreal']],
  ['IN', 7, ['Bengaluru', 'Pune', 'Mumbai', 'Hyderabad']],
  ['ES', 3, ['Barcelona', 'Madrid', 'Valencia']],
  ['SE', 3, ['Stockholm', 'Gothenburg']],
  ['EE', 2, ['Tallinn', 'Tartu']],
  ['PL', 3, ['Warsaw', 'Kraków', 'Wrocław']],
  ['PT', 2, ['Lisbon', 'Porto']],
  ['IE', 2, ['Dublin', 'Cork']],
  ['AU', 3, ['Sydney', 'Melbourne']],
  ['SG', 2, ['Singapore']],
  ['BR', 3, ['São Paulo', 'Florianópolis']],
  ['JP', 2, ['Tokyo', 'Osaka']],
  ['IL', 2, ['Tel Aviv']],
  ['NG', 2, ['Lagos']],
  ['FI', 2, ['Helsinki']],
];

export const ADJECTIVES = ['simple', 'fast', 'friendly', 'calm', 'modern', 'affordable', 'open', 'smart', 'focused', 'lightweight'] as const;

export const USPS = [
  'Set up in under five minutes', 'EU data hosting', 'No credit card needed to start', 'SOC 2 Type II audited',
  'Open-source core', 'Built for small teams', 'Unlimited seats on every plan', 'Human support within one business day',
  'Works offline', 'Import from your current tool in one click', 'Transparent pricing with no annual lock-in',
  'Keyboard-first interface', 'Public API on every plan', 'GDPR compliant by default',
] as const;

export const GENERIC_FEATURES = [
  'Single sign-on (SAML)', 'Public REST API', 'Slack integration', 'CSV import and export', 'Role-based permissions',
  'Audit log', 'Dark mode', 'Mobile apps for iOS and Android', 'Zapier integration', 'Webhooks', 'Two-factor authentication',
] as const;

export const TAGS = ['saas', 'b2b', 'no-code', 'open-source', 'ai', 'api', 'remote-work', 'startups', 'privacy', 'self-hosted', 'chrome-extension', 'mobile'] as const;

export const FOUNDER_TITLES = ['Founder & CEO', 'Co-founder & CTO', 'Co-founder & CPO', 'Co-founder', 'Founder', 'Co-founder & COO'] as const;

export const PAST_ROLES = [
  'led growth at a fintech scale-up', 'was a staff engineer at a large cloud provider', 'ran a small design agency for six years',
  'worked in product at a developer tools company', 'was an early employee at a YC-backed startup', 'spent a decade in enterprise sales',
  'taught computer science at a university', 'freelanced as a full-stack developer', 'managed support for a SaaS company with 40,000 customers',
  'built data pipelines at a logistics company',
] as const;

export const HOBBIES = [
  'Outside work they climb, badly but happily.', 'They write a small newsletter about building in public.',
  'They are learning Japanese, one flashcard at a time.', 'Weekends are for long bike rides and longer coffee breaks.',
  'They mentor first-time founders in their city.', 'They still maintain the open-source library that started it all.',
] as const;

export const REVIEW_TEXTS: readonly (readonly [number, string])[] = [
  [5, 'Replaced two tools for us. Setup took an afternoon and the team actually enjoys using it.'],
  [5, 'Support answered within an hour and fixed the issue the same day. Rare these days.'],
  [4, 'Does exactly what it says. A few rough edges in the mobile app, but the core is solid.'],
  [4, 'Great value for a small team. I would love more integrations.'],
  [3, 'Good idea and nice design, but it still lacks a couple of features we need.'],
  [3, 'Works fine, though the pricing jumps a lot between plans.'],
  [2, 'Import from our old tool lost some data. Promising, but not ready for us yet.'],
  [1, 'Could not get it to work with our setup and never heard back from support.'],
  [5, 'The onboarding is the best I have seen. We were productive on day one.'],
  [4, 'Fast, focused and no bloat. Exactly what I was looking for.'],
];

export const UPDATE_TITLES = [
  'Version 2.0 is here', 'Dark mode is live', 'We now integrate with Slack', 'New pricing for small teams',
  'Thank you for 1,000 users', 'Faster search across everything', 'Introducing our public API', 'Mobile apps are out',
  'Two-factor authentication for every plan', 'A calmer, cleaner dashboard', 'Import from CSV, now with previews',
  'We are now SOC 2 audited',
] as const;
