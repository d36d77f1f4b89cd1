import type { z } from 'zod';
import { ToolError, type FieldProblem } from '../errors';
import type { DraftRow, DraftUpdate } from '../../storage/queries/drafts';
import type { ListingPart } from '../../storage/queries/draft-submit';
import { founderRecords, type DraftFounderRecord } from '../../storage/queries/draft-founders';
import {
  completeness, DRAFT_FIELDS, editField, fromBuild, lockField, restoreField,
  type DraftField, type DraftFieldMap, type FieldValue,
} from '../../domain/draft-fields';
import { AI_LISTS, AI_SCALARS } from '../../domain/draft-fields';
import { canonicalYoutube, patchShape, type DraftFieldsInput } from './patch-schema';

// How an update_draft body changes a draft: field states follow domain/draft-fields.ts; lists, FAQs,
// socials, founders and milestones replace; story sections and SEO keys sent replace those keys.
// Order inside one request: restore, then typed values, then locks.

type PatchInput = { [K in keyof typeof patchShape]?: z.infer<(typeof patchShape)[K]> };

const REDRAFTABLE = new Set<string>([...AI_SCALARS, ...AI_LISTS]);
const norm = (s: string) => s.trim().toLowerCase();
const dedupe = (items: string[]) => items.filter((v, i) => items.findIndex((w) => norm(w) === norm(v)) === i);

// The value as stored: trimmed, canonical where the field has a canonical form; empty means removed.
function cleanValue(field: DraftField, raw: string | string[] | null | undefined, categories: string[]): FieldValue {
  if (raw === null || raw === undefined) return null;
  if (Array.isArray(raw)) {
    const items = dedupe(raw.map((s) => s.replace(/\s+/g, ' ').trim()).filter(Boolean));
    const out = field === 'categories' ? items.map((n) => categories.find((c) => norm(c) === norm(n))!) : items;
    return out.length ? out : null;
  }
  const v = field === 'description' ? raw.trim() : raw.replace(/\s+/g, ' ').trim();
  if (!v) return null;
  if (field === 'country') return v.toUpperCase();
  if (field === 'contact_email') return v.toLowerCase();
  if (field === 'demo_video_url') return canonicalYoutube(v);
  return v;
}

// Problems the schema cannot see: category names not in list_categories, redrafts of fields the AI does not
// draft or that stay locked.
export function checkPatch(input: PatchInput, current: DraftRow, categories: string[]): void {
  const errors: FieldProblem[] = [];
  const known = new Set(categories.map(norm));
  (input.fields?.categories ?? []).forEach((name, i) => {
    if (name.trim() && !known.has(norm(name))) errors.push({ path: `fields.categories.${i}`, message: `"${name}" is not a category name from list_categories` });
  });
  const restored = new Set(input.restore ?? []);
  const locked = new Set(input.lock_fields ?? []);
  (input.regenerate ?? []).forEach((f, i) => {
    if (!REDRAFTABLE.has(f)) errors.push({ path: `regenerate.${i}`, message: `${f} is read from the website's markup, not drafted by the AI: use restore to return to the value found` });
    else if (locked.has(f) || (current.fields[f]?.locked && !restored.has(f))) {
      errors.push({ path: `regenerate.${i}`, message: `${f} is locked against AI redrafts: restore it first` });
    }
  });
  if (errors.length) throw new ToolError('invalid_input', `Invalid input for update_draft. ${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`, errors);
}

export type AppliedPatch = { update: DraftUpdate; parts: Set<ListingPart> };

export function applyPatch(input: PatchInput, d: DraftRow, categories: string[]): AppliedPatch {
  const parts = new Set<ListingPart>();
  const update: DraftUpdate = {};
  const fields = Object.fromEntries(DRAFT_FIELDS.map((f) => [f, d.fields[f] ?? fromBuild(undefined)])) as DraftFieldMap;
  const touched = [...(input.restore ?? []), ...Object.keys(input.fields ?? {}), ...(input.lock_fields ?? [])] as DraftField[];
  for (const f of input.restore ?? []) fields[f] = restoreField(fields[f]);
  for (const [f, raw] of Object.entries(input.fields ?? {}) as Array<[DraftField, DraftFieldsInput[DraftField]]>) {
    if (raw === undefined) continue;
    fields[f] = editField(fields[f], cleanValue(f, raw as string | string[] | null, categories));
  }
  for (const f of input.lock_fields ?? []) fields[f] = lockField(fields[f]);
  if (touched.length) {
    update.fields = fields;
    parts.add('fields');
    if (touched.includes('categories')) parts.add('categories');
  }
  if (input.faqs) {
    // A pair kept as it was keeps the quotes that back it.
    update.faqs = input.faqs.map((q) => {
      const was = d.faqs.find((o) => o.question === q.question.trim() && o.answer === q.answer.trim());
      return { question: q.question.trim(), answer: q.answer.trim(), ...(was?.evidence ? { evidence: was.evidence } : {}) };
    });
    parts.add('faqs');
  }
  const links = (o: Record<string, string | undefined>) =>
    Object.fromEntries(Object.entries(o).flatMap(([p, v]) => (v && v.trim() ? [[p, v.trim()]] : [])));
  if (input.company_socials) { update.companySocials = links(input.company_socials); parts.add('socials'); }
  if (input.founder_socials) { update.founderSocials = links(input.founder_socials); parts.add('founders'); }
  if (input.founders) {
    // A founder kept by name keeps their socials, quotes and (for a co-founder who joined) their account link.
    const before = founderRecords(d);
    const used = new Set<DraftFounderRecord>();
    update.founders = input.founders.map((f) => {
      const was = before.find((o) => !used.has(o) && norm(o.name) === norm(f.name));
      if (was) used.add(was);
      const rec: DraftFounderRecord = { name: f.name.trim(), title: f.title?.trim() || null, bio: f.bio?.trim() || null, socials: was?.socials ?? {} };
      if (was?.evidence) rec.evidence = was.evidence;
      if (was?.user_id) rec.user_id = was.user_id;
      return rec;
    });
    parts.add('founders');
  }
  if (input.story) {
    const story = { ...(d.story ?? {}) } as Record<string, string>;
    for (const [k, v] of Object.entries(input.story)) {
      if (v === undefined) continue;
      if (v === null || !v.trim()) delete story[k];
      else story[k] = v.trim();
    }
    update.story = story;
    parts.add('story');
  }
  if (input.milestones) {
    update.milestones = input.milestones.map((m) => ({ date: m.date, title: m.title.trim(), description: m.description?.trim() || null, url: m.url?.trim() || null }));
    parts.add('milestones');
  }
  if (input.competitor_url !== undefined) update.competitorUrl = input.competitor_url.trim() || null;
  if (input.seo) {
    const seo = { ...(d.seo ?? {}) };
    if (input.seo.title !== undefined) { seo.title = input.seo.title?.trim() || null; seo.title_evidence = []; }
    if (input.seo.meta !== undefined) { seo.meta = input.seo.meta?.trim() || null; seo.meta_evidence = []; }
    update.seo = seo;
    parts.add('seo');
  }
  const next = { fields: update.fields ?? d.fields, faqs: update.faqs ?? d.faqs, founders: update.founders ?? d.founders, company_socials: update.companySocials ?? d.companySocials };
  update.completeness = completeness(next).percent;
  return { update, parts };
}
