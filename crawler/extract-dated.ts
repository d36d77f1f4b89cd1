import type { Element } from 'domhandler';
import { addScalar, textEv, sentenceAround, type Facts } from './facts';
import { subtreeAtMost, visibleText, type ParsedPage } from './page-text';
import { datedLine, leadingDate } from '../domain/dated-lines';
import { STAGE_WORDS, PRICING_WORDS } from '../domain/evidence-support';

// Milestones from dated changelog, press and "our story" entries, and the stage and pricing model a page states in
// words. Whose words they are, and whether the quotes support them, is judged at assembly like every other value.
const MAX_MILESTONES = 50;

const heading = (el: Element): Element | undefined =>
  (el.children ?? []).find((c): c is Element => c.type === 'tag' && /^h[1-6]$/.test((c as Element).name));

export function extractMilestones(f: Facts, p: ParsedPage): void {
  const url = p.url;
  // <time datetime="2025-03-04">4 March 2025</time> inside an entry whose heading is the title.
  p.$('time[datetime]').each((_, t) => {
    if (f.milestones.length >= MAX_MILESTONES) return;
    const date = leadingDate(p.$(t).attr('datetime') ?? '')?.date;
    const entry = p.$(t).closest('article, li, section, tr').get(0) as Element | undefined;
    const h = entry ? heading(entry) : undefined;
    if (!date || !entry || !h || !subtreeAtMost(entry, 400)) return;
    const title = visibleText(h).replace(/\n/g, ' ');
    const when = visibleText(t).replace(/\n/g, ' ');
    const para = p.$(entry).find('p').first().get(0);
    const description = para ? visibleText(para).replace(/\n/g, ' ').slice(0, 2000) : null;
    if (title && when) f.milestones.push({ date, title, description, url, evidence: [textEv(url, title), textEv(url, when)] });
  });
  // Lines such as "June 2025 – Parcelhop opens its public beta in 40 US cities."
  for (const line of p.text.split('\n')) {
    if (f.milestones.length >= MAX_MILESTONES) break;
    const d = datedLine(line);
    if (d) f.milestones.push({ date: d.date, title: d.title, description: null, url, evidence: [textEv(url, line)] });
  }
}

// The first sentence of the page that states a stage (coming soon, beta, early access, generally available…) or a
// pricing model (free plan, per month, pay as you go, open source…), with that sentence as the quote. "Growing" is
// left to the model: words such as "customers" say nothing about a stage on their own.
// A word is weaker evidence than a model that read the whole page (assembly ranks model values 10): with a model,
// its reading wins; without one, these stand.
const WORDS_RANK = 11;

export function extractStageAndPricing(f: Facts, p: ParsedPage, topic: string | null): void {
  const text = p.text;
  const lower = text.toLowerCase(); // same offsets as the text, so the quote is cut from the page itself
  const firstOf = (words: string[]) => {
    let best = -1;
    let len = 0;
    for (const w of words) {
      // Whole words only: "beta" not in "alphabetagamma", "€0" not in "€0.02".
      const i = lower.search(new RegExp(`(^|[^\\p{L}\\p{N}])${w.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?![\\p{L}\\p{N}]|[.,]\\p{N})`, 'u'));
      if (i >= 0 && (best < 0 || i < best)) { best = i; len = w.length + 1; }
    }
    return best;
  };
  for (const stage of ['idea', 'mvp', 'launched'] as const) {
    const i = firstOf(STAGE_WORDS[stage]);
    if (i >= 0) addScalar(f, 'stage', stage, [textEv(p.url, sentenceAround(text, Math.min(i + 1, text.length - 1), 1))], WORDS_RANK);
  }
  if (topic !== 'pricing') return;
  for (const model of ['open-source', 'freemium', 'usage-based', 'one-time', 'subscription'] as const) {
    const i = firstOf(PRICING_WORDS[model]);
    if (i >= 0) {
      addScalar(f, 'pricing_model', model, [textEv(p.url, sentenceAround(text, Math.min(i + 1, text.length - 1), 1))], WORDS_RANK);
      return; // the most specific model the page states
    }
  }
}
