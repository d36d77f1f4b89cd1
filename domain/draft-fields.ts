import type { Evidence } from './evidence';

// The drafted fields of PATCH /drafts/{id} `fields`, in the spec's order.
export const DRAFT_FIELDS = [
  'name', 'tagline', 'short_description', 'description', 'stage', 'pricing_model', 'pricing_summary',
  'country', 'city', 'founded_year', 'contact_email', 'demo_video_url', 'logo_url',
  'categories', 'tags', 'features', 'usps', 'keywords',
] as const;
export type DraftField = (typeof DRAFT_FIELDS)[number];

export const LIST_FIELDS = ['categories', 'tags', 'features', 'usps', 'keywords'] as const satisfies readonly DraftField[];

// The fields a language model may propose (URLs, e-mail and the logo come from markup the model does not see).
export const AI_SCALARS = ['name', 'tagline', 'short_description', 'description', 'stage', 'pricing_model', 'pricing_summary', 'country', 'city', 'founded_year'] as const;
export const AI_LISTS = ['categories', 'tags', 'features', 'usps', 'keywords'] as const;
export type ListField = (typeof LIST_FIELDS)[number];
export const isListField = (f: string): f is ListField => (LIST_FIELDS as readonly string[]).includes(f);
export const isDraftField = (f: string): f is DraftField => (DRAFT_FIELDS as readonly string[]).includes(f);

// The spec's bounds: string fields max 500 (description 20000); lists max 20 items of max 200.
export const FIELD_MAX_CHARS = (f: DraftField) => (f === 'description' ? 20000 : 500);
export const LIST_MAX_ITEMS = 20;
export const LIST_ITEM_MAX_CHARS = 200;

// Values the drafter may choose; anything else is not a stage or pricing model we list.
export const STAGES = ['idea', 'mvp', 'launched', 'growing'] as const;
export const PRICING_MODELS = ['free', 'freemium', 'subscription', 'one-time', 'usage-based', 'open-source'] as const;
export const SOCIAL_PLATFORMS = [
  'linkedin', 'x', 'facebook', 'instagram', 'tiktok', 'youtube', 'threads', 'pinterest', 'github', 'reddit',
  'producthunt', 'medium', 'website', 'custom',
] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

export const FIELD_STATES = ['ai', 'not_found', 'edited', 'manual', 'override', 'deleted'] as const;
export type FieldState = (typeof FIELD_STATES)[number];
export type FieldValue = string | string[] | null;

// One field of a stored draft. ai_value / ai_evidence keep what the build found so `restore` can return
// to it after the caller's edits; `locked` protects the field from AI redrafts.
export type DraftFieldRecord = {
  value: FieldValue;
  state: FieldState;
  evidence: Evidence[];
  ai_value: FieldValue;
  ai_evidence: Evidence[];
  locked: boolean;
};
export type DraftFieldMap = Record<DraftField, DraftFieldRecord>;
export type BuiltField = { value: FieldValue; evidence: Evidence[] };

const empty = (v: FieldValue): boolean => v === null || (Array.isArray(v) ? v.length === 0 : v.trim() === '');
const same = (a: FieldValue, b: FieldValue) => JSON.stringify(a) === JSON.stringify(b);

// A field as a fresh build left it.
export function fromBuild(built: BuiltField | undefined): DraftFieldRecord {
  const value = built && !empty(built.value) ? built.value : null;
  const evidence = value === null ? [] : built!.evidence;
  return { value, state: value === null ? 'not_found' : 'ai', evidence, ai_value: value, ai_evidence: evidence, locked: false };
}

export function freshFields(built: Partial<Record<DraftField, BuiltField>>): DraftFieldMap {
  return Object.fromEntries(DRAFT_FIELDS.map((f) => [f, fromBuild(built[f])])) as DraftFieldMap;
}

// A value typed by the caller (PATCH fields). null or empty removes the field. A locked field stays
// `override` whatever it holds; re-typing the AI's own value makes it the AI's again.
export function editField(rec: DraftFieldRecord, value: FieldValue): DraftFieldRecord {
  if (empty(value)) return { ...rec, value: null, evidence: [], state: rec.locked ? 'override' : 'deleted' };
  if (rec.locked) return { ...rec, value, evidence: same(value, rec.ai_value) ? rec.ai_evidence : [], state: 'override' };
  if (rec.ai_value !== null && same(value, rec.ai_value)) return { ...rec, value, evidence: rec.ai_evidence, state: 'ai' };
  return { ...rec, value, evidence: [], state: rec.ai_value === null ? 'manual' : 'edited' };
}

// PATCH lock_fields: the current value is kept against AI redrafts.
export const lockField = (rec: DraftFieldRecord): DraftFieldRecord => ({ ...rec, locked: true, state: 'override' });

// PATCH restore: back to what the AI found (or not_found), unlocked.
export function restoreField(rec: DraftFieldRecord): DraftFieldRecord {
  return { ...rec, value: rec.ai_value, evidence: rec.ai_evidence, locked: false, state: rec.ai_value === null ? 'not_found' : 'ai' };
}

// PATCH regenerate asks for a redraft explicitly: it replaces the value unless the field is locked.
export function applyRegenerated(rec: DraftFieldRecord, built: BuiltField): DraftFieldRecord {
  if (rec.locked) return rec;
  return fromBuild(built);
}

// A later full build (not asked field by field) refreshes the AI's suggestion but keeps whatever the
// caller owns: edited, manual, deleted and locked fields keep their value.
export function applyRebuild(rec: DraftFieldRecord, built: BuiltField): DraftFieldRecord {
  const fresh = fromBuild(built);
  if (rec.locked || rec.state === 'edited' || rec.state === 'manual' || rec.state === 'deleted') {
    return { ...rec, ai_value: fresh.ai_value, ai_evidence: fresh.ai_evidence };
  }
  return fresh;
}

export const canRegenerate = (rec: DraftFieldRecord) => !rec.locked;

// ---- completeness ----
// Weighted checklist: what a good listing needs most weighs most. `missing` is ordered by weight.
export const COMPLETENESS_WEIGHTS: Array<[string, number]> = [
  ['name', 3], ['description', 3], ['categories', 3], ['tagline', 2], ['short_description', 2], ['logo_url', 2],
  ['features', 2], ['faqs', 2], ['founders', 2], ['pricing_model', 1], ['pricing_summary', 1], ['usps', 1],
  ['tags', 1], ['keywords', 1], ['stage', 1], ['country', 1], ['city', 1], ['founded_year', 1],
  ['contact_email', 1], ['demo_video_url', 1], ['company_socials', 1],
];

export type CompletenessInput = {
  fields: Partial<Record<DraftField, Pick<DraftFieldRecord, 'value'>>>;
  faqs: unknown[];
  founders: unknown[];
  company_socials: Record<string, string>;
};

export function completeness(d: CompletenessInput): { percent: number; missing: string[] } {
  const filled = (item: string): boolean => {
    if (item === 'faqs') return d.faqs.length > 0;
    if (item === 'founders') return d.founders.length > 0;
    if (item === 'company_socials') return Object.values(d.company_socials).some((v) => v && v.trim());
    const rec = d.fields[item as DraftField];
    return !!rec && !empty(rec.value);
  };
  const total = COMPLETENESS_WEIGHTS.reduce((s, [, w]) => s + w, 0);
  const got = COMPLETENESS_WEIGHTS.reduce((s, [item, w]) => s + (filled(item) ? w : 0), 0);
  const missing = COMPLETENESS_WEIGHTS.filter(([item]) => !filled(item)).map(([item]) => item);
  return { percent: Math.round((100 * got) / total), missing };
}
