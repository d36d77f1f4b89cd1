import { DRAFT_FIELDS, isListField, SOCIAL_PLATFORMS, type DraftField } from '../../domain/draft-fields';
import type { DraftView } from '../../tools/drafts/draft-view';
import { cleanText } from '../forms';

// The review screen is one HTML form (it works without JavaScript): every value is an input, and each field's
// buttons (lock, delete, restore, redraft) submit the same form with `action=<verb>:<field>`. This module turns
// what the browser posted into an update_draft body holding only what changed, so an untouched AI value stays
// "ai" with its evidence, and a typed one becomes "edited". The tool still checks everything.

export type Form = Record<string, string | undefined>;
type Faq = { question: string; answer: string };
type Founder = { name: string; title: string | null; bio: string | null };
type Milestone = { date: string; title: string; description: string | null; url: string | null };

export type ReviewPatch = {
  fields?: Partial<Record<DraftField, string | string[] | null>>;
  lock_fields?: DraftField[];
  regenerate?: DraftField[];
  restore?: DraftField[];
  faqs?: Faq[];
  founders?: Founder[];
  company_socials?: Record<string, string>;
  founder_socials?: Record<string, string>;
  milestones?: Milestone[];
  competitor_url?: string;
  seo?: { title?: string | null; meta?: string | null };
};

export const ACTIONS = ['lock', 'delete', 'restore', 'regenerate'] as const;
export type Action = { verb: (typeof ACTIONS)[number]; field: DraftField };

export function parseAction(raw: string | undefined): Action | null {
  const m = /^(lock|delete|restore|regenerate):([a-z_]+)$/.exec(raw ?? '');
  if (!m || !(DRAFT_FIELDS as readonly string[]).includes(m[2])) return null;
  return { verb: m[1] as Action['verb'], field: m[2] as DraftField };
}

// Browsers send CRLF; people paste trailing spaces. Only the text itself counts as a change.
const clean = cleanText;
const opt = (v: string | undefined) => clean(v) || null;
const lines = (v: string | undefined) => clean(v).split('\n').map((l) => l.trim()).filter(Boolean);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

// Rows named `<prefix>.<n>.<key>`: existing rows first, then the blank "add one" row; a ticked `remove` drops one.
function rows(form: Form, prefix: string, keys: string[]): Array<Record<string, string>> {
  const indexes = new Set<number>();
  for (const name of Object.keys(form)) {
    const m = new RegExp(`^${prefix}\\.(\\d{1,3})\\.`).exec(name);
    if (m) indexes.add(Number(m[1]));
  }
  return [...indexes].sort((a, b) => a - b)
    .filter((i) => form[`${prefix}.${i}.remove`] === undefined)
    .map((i) => Object.fromEntries(keys.map((k) => [k, clean(form[`${prefix}.${i}.${k}`])])))
    .filter((r) => Object.values(r).some(Boolean));
}

function socials(form: Form, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of SOCIAL_PLATFORMS) {
    const v = clean(form[`${prefix}.${p}`]);
    if (v) out[p] = v;
  }
  return out;
}

export function reviewPatch(form: Form, draft: DraftView): ReviewPatch {
  const patch: ReviewPatch = {};
  const fields: NonNullable<ReviewPatch['fields']> = {};
  for (const f of DRAFT_FIELDS) {
    const name = `f.${f}`;
    if (!(name in form)) continue; // a field the page did not show is left alone
    const current = draft.fields[f]?.value ?? null;
    if (isListField(f)) {
      const next = lines(form[name]);
      if (!same(next, current ?? [])) fields[f] = next.length ? next : null;
    } else {
      const next = opt(form[name]);
      if (next !== (current ?? null)) fields[f] = next;
    }
  }

  const action = parseAction(form.action);
  if (action?.verb === 'delete') fields[action.field] = null;
  if (Object.keys(fields).length) patch.fields = fields;
  if (action?.verb === 'lock') patch.lock_fields = [action.field];
  if (action?.verb === 'restore') patch.restore = [action.field];
  if (action?.verb === 'regenerate') patch.regenerate = [action.field];
  // Restoring or redrafting a field replaces what was typed into it in the same post.
  if (action && action.verb !== 'delete' && action.verb !== 'lock' && patch.fields) {
    delete patch.fields[action.field];
    if (!Object.keys(patch.fields).length) delete patch.fields;
  }

  if ('faqs.present' in form) {
    const faqs = rows(form, 'faq', ['question', 'answer']).map((r) => ({ question: r.question, answer: r.answer }));
    if (!same(faqs, draft.faqs.map((f) => ({ question: f.question, answer: f.answer })))) patch.faqs = faqs;
  }
  if ('founders.present' in form) {
    const founders = rows(form, 'founder', ['name', 'title', 'bio']).map((r) => ({ name: r.name, title: r.title || null, bio: r.bio || null }));
    if (!same(founders, draft.founders.map((f) => ({ name: f.name, title: f.title, bio: f.bio })))) patch.founders = founders;
  }
  if ('milestones.present' in form) {
    const milestones = rows(form, 'milestone', ['date', 'title', 'description', 'url'])
      .map((r) => ({ date: r.date, title: r.title, description: r.description || null, url: r.url || null }));
    if (!same(milestones, draft.milestones.map((m) => ({ date: m.date, title: m.title, description: m.description, url: m.url })))) patch.milestones = milestones;
  }
  if ('socials.present' in form) {
    const company = socials(form, 'social');
    if (!same(company, sorted(draft.company_socials))) patch.company_socials = company;
    const founder = socials(form, 'fsocial');
    if (!same(founder, sorted(draft.founder_socials))) patch.founder_socials = founder;
  }
  if ('competitor_url' in form && clean(form.competitor_url) !== (draft.competitor_url ?? '')) patch.competitor_url = clean(form.competitor_url);
  if ('seo.title' in form || 'seo.meta' in form) {
    const seo: NonNullable<ReviewPatch['seo']> = {};
    if ('seo.title' in form && opt(form['seo.title']) !== draft.seo.title) seo.title = opt(form['seo.title']);
    if ('seo.meta' in form && opt(form['seo.meta']) !== draft.seo.meta) seo.meta = opt(form['seo.meta']);
    if (Object.keys(seo).length) patch.seo = seo;
  }
  return patch;
}

// The draft's links in the platform order the form posts them, so an untouched set compares equal.
function sorted(links: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of SOCIAL_PLATFORMS) if (links[p]) out[p] = links[p];
  return out;
}

// Where a tool's field error belongs on the page: update_draft paths (fields.tagline, faqs.2.answer,
// company_socials.x) become the ids of the inputs that hold them.
export function inputIdFor(path: string): string {
  const parts = path.split('.');
  if (parts[0] === 'fields' && parts[1]) return `f-${parts[1]}`;
  if (parts[0] === 'faqs' && parts[1]) return `faq-${parts[1]}-${parts[2] ?? 'question'}`;
  if (parts[0] === 'founders' && parts[1]) return `founder-${parts[1]}-${parts[2] ?? 'name'}`;
  if (parts[0] === 'milestones' && parts[1]) return `milestone-${parts[1]}-${parts[2] ?? 'title'}`;
  if (parts[0] === 'company_socials' && parts[1]) return `social-${parts[1]}`;
  if (parts[0] === 'founder_socials' && parts[1]) return `fsocial-${parts[1]}`;
  if (parts[0] === 'seo' && parts[1]) return `seo-${parts[1]}`;
  return parts[0].replace(/_/g, '-');
}
