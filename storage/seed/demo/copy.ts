import type { Rng } from '../random';
import type { Faq, PricingPlan, Story } from '../../schema';
import { ADJECTIVES } from './words';

// Text for demo listings, built from the subcategory's hints so each listing reads like its category.
export type Subject = { name: string; topic: string; audience: string; features: string[]; category: string; city: string | null; country: string | null };

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
// Lower-cases the first letter for use mid-sentence, except acronyms (SSO, AI) and product names (Slack).
const PROPER = /^([A-Z]{2}|(Slack|Zapier|Figma|OpenAPI|Kanban|Google|Outlook|React|Gmail)\b)/;
export const lower = (s: string) => (PROPER.test(s) ? s : s.charAt(0).toLowerCase() + s.slice(1));
const withArticle = (word: string) => `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;

export function tagline(rng: Rng, s: Subject): string {
  const adj = rng.pick(ADJECTIVES);
  return rng.pick([
    `${cap(s.topic)} for ${s.audience}`,
    `The ${adj} way to handle ${s.topic}`,
    `${cap(adj)} ${s.topic} without the busywork`,
    `${cap(s.topic)} that ${s.audience} actually enjoy`,
    `All your ${s.topic} in one ${adj} place`,
  ]);
}

export function shortDescription(s: Subject): string {
  return `${s.name} helps ${s.audience} with ${s.topic}, from ${lower(s.features[0])} to ${lower(s.features[1])}.`;
}

export function description(rng: Rng, s: Subject): string {
  const where = s.city ? ` Built by a small team in ${s.city},` : ' Built by a small remote team,';
  const p1 = `${s.name} is ${withArticle(rng.pick(ADJECTIVES))} ${s.topic} tool for ${s.audience}. It brings ${lower(s.features[0])}, ${lower(s.features[1])} and ${lower(s.features[2])} together so you spend less time switching between tabs and more time on the work itself.`;
  const p2 = `Most ${s.audience} we talked to were stitching ${s.topic} together from spreadsheets and three different apps.${where} ${s.name} replaces that patchwork with one place that is quick to set up and easy to hand to the rest of the team.`;
  const p3 = `Start on your own, invite your team when you are ready, and connect the tools you already use. ${s.name} is listed under ${s.category}.`;
  return rng.chance(0.6) ? [p1, p2, p3].join('\n\n') : [p1, p2].join('\n\n');
}

export const PRICING_MODELS = [['freemium', 40], ['subscription', 30], ['free', 8], ['one-time', 6], ['usage-based', 8], ['open-source', 8]] as const;

export function pricing(rng: Rng, model: string): { summary: string; plans: PricingPlan[] } {
  const pro = rng.pick([9, 12, 15, 19, 24, 29, 39, 49]);
  const team = pro * rng.pick([2, 3, 4]);
  switch (model) {
    case 'free':
      return { summary: 'Free to use, with no paid plans.', plans: [{ name: 'Free', price: '$0', period: 'month', features: ['All features', 'Community support'] }] };
    case 'one-time':
      return { summary: `One-time purchase of $${pro * 5}, with a year of updates.`, plans: [{ name: 'Lifetime licence', price: `$${pro * 5}`, period: null, features: ['All features', '1 year of updates'] }] };
    case 'usage-based':
      return { summary: `Pay as you go from $0.${rng.int(10, 90)} per 1,000 events; the first 10,000 each month are free.`, plans: [
        { name: 'Free tier', price: '$0', period: 'month', features: ['10,000 events per month'] },
        { name: 'Pay as you go', price: 'Usage based', period: 'month', features: ['Volume discounts', 'E-mail support'] },
      ] };
    case 'open-source':
      return { summary: `Free to self-host; managed cloud from $${pro} per month.`, plans: [
        { name: 'Self-hosted', price: '$0', period: null, features: ['MIT licence', 'Community support'] },
        { name: 'Cloud', price: `$${pro}`, period: 'month', features: ['Managed hosting', 'Automatic updates'] },
      ] };
    case 'subscription':
      return { summary: `Plans from $${pro} to $${team} per month, billed monthly or yearly.`, plans: [
        { name: 'Starter', price: `$${pro}`, period: 'month', features: ['1 workspace', 'E-mail support'] },
        { name: 'Business', price: `$${team}`, period: 'month', features: ['Unlimited workspaces', 'Priority support', 'SSO'] },
      ] };
    default:
      return { summary: `Free plan for individuals; Pro from $${pro} per user per month.`, plans: [
        { name: 'Free', price: '$0', period: 'month', features: ['Up to 3 users', 'Core features'] },
        { name: 'Pro', price: `$${pro}`, period: 'month', features: ['Unlimited users', 'Integrations'] },
        { name: 'Team', price: `$${team}`, period: 'month', features: ['SSO', 'Audit log', 'Priority support'] },
      ] };
  }
}

export function faqs(rng: Rng, s: Subject, model: string, hasApi: boolean): Faq[] {
  const all: Faq[] = [
    { question: `Who is ${s.name} for?`, answer: `${s.name} is built for ${s.audience} who want ${s.topic} without a heavy setup.` },
    { question: 'Is there a free plan?', answer: model === 'free' || model === 'freemium' || model === 'open-source' ? 'Yes. You can start for free and upgrade when you need more.' : 'There is no free plan, but you can try every feature before you pay.' },
    { question: `Does ${s.name} have an API?`, answer: hasApi ? 'Yes, a documented REST API and webhooks are available on every plan.' : 'Not yet. Integrations run through Zapier and native connectors for now.' },
    { question: 'Can I import my existing data?', answer: 'Yes. Import from CSV or connect your current tool and bring your history across in a few minutes.' },
    { question: 'Where is my data stored?', answer: rng.chance(0.5) ? 'Data is stored in the EU (Frankfurt) and encrypted at rest and in transit.' : 'Data is stored in the US and encrypted at rest and in transit.' },
  ];
  return rng.sample(all, rng.int(2, 4));
}

export function story(name: string, s: Subject): Story {
  return {
    title: `How we built ${name}`,
    story: `${name} started as an internal tool. We were ${s.audience} ourselves and kept losing hours to ${s.topic}.`,
    why_started: `Every tool we tried was either too big or too fragile. We wanted ${lower(s.features[0])} that just works.`,
    problem: `${cap(s.audience)} juggle ${s.topic} across spreadsheets, chat and e-mail, and important details get lost.`,
    journey: 'We built the first version in six weeks, shared it with twenty friends and rewrote most of it after their feedback.',
    challenges: 'Pricing was the hardest part. Our first plans confused people, so we cut them to two and made the difference obvious.',
    achievements: 'Thousands of people use it every week, and most new sign-ups come from recommendations.',
    lessons: 'Talk to users every week, ship small changes often and say no to features that only one customer wants.',
    whats_next: `Better ${lower(s.features[1])}, deeper integrations and a mobile app people actually like.`,
  };
}
