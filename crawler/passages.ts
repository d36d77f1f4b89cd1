// Chooses what the model reads: each page is cut into passages (runs of lines up to PASSAGE_CHARS),
// every passage is scored by how much it speaks to the fields still missing, and the best passages
// fill the budget. Pages are shown in their own order, passages in page order, "[…]" where text was
// left out, so the model still reads each passage in context.

export type PassagePage = { url: string; title: string | null; text: string };
export type Budgeted = { blocks: string[]; cutPages: string[] };

const PASSAGE_CHARS = 600;

// Words that signal a field, in English, German, French and Spanish (lower case, matched as substrings).
const SIGNALS: Record<string, RegExp> = {
  founded_year: /\b(founded|since|established|started in|gegründet|seit|fondée?|depuis|fundad[ao]|desde)\b|\b(19|20)\d{2}\b/,
  founders: /(founder|co-?founder|ceo|cto|our team|gründer|geschäftsführer|fondat|fundador)/,
  city: /(based in|headquarter|office|offices|located|address|street|straße|strasse|rue|calle|sitz|siège|sede)/,
  country: /(based in|headquarter|office|located|address|sitz|siège|sede)/,
  pricing_model: /(pric|plan|free|trial|per month|\/mo|\$|€|£|subscription|licen|open source|preis|kostenlos|tarif|gratuit|precio|gratis)/,
  pricing_summary: /(pric|plan|\$|€|£|per month|\/mo|preis|tarif|precio)/,
  stage: /(beta|early access|coming soon|waitlist|launch|available|preview|customers|teams)/,
  faqs: /\?/,
  milestones: /(changelog|release|launched|announc|raised|version|v\d|\b(19|20)\d{2}\b)/,
  contact_email: /@/,
  features: /(feature|integrat|sync|export|import|automat|funktion|fonctionnalit|función)/,
  usps: /(only|unlike|faster|without|no need|instead of|why)/,
};
const PROSE = ['name', 'tagline', 'short_description', 'description', 'categories', 'tags', 'keywords'];

function passagesOf(text: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (const line of text.split('\n')) {
    if (cur && cur.length + line.length + 1 > PASSAGE_CHARS) { out.push(cur); cur = ''; }
    cur = cur ? `${cur}\n${line}` : line;
    while (cur.length > PASSAGE_CHARS * 2) { out.push(cur.slice(0, PASSAGE_CHARS)); cur = cur.slice(PASSAGE_CHARS); }
  }
  if (cur.trim()) out.push(cur);
  return out;
}

export function scorePassage(passage: string, want: string[], pageIndex: number, position: number): number {
  let score = 0;
  const lower = passage.toLowerCase();
  for (const f of want) if (SIGNALS[f]?.test(lower)) score += 2;
  // The opening of the home page and of each page states what the product is: prose fields read it.
  if (want.some((f) => PROSE.includes(f))) score += (pageIndex === 0 ? 3 : 1) * (position === 0 ? 2 : position < 3 ? 1 : 0.2);
  return score;
}

export function budgetPassages(pages: PassagePage[], want: string[], total: number): Budgeted {
  const all = pages.flatMap((p, pi) => passagesOf(p.text).map((text, i) => ({ pi, i, text, score: scorePassage(text, want, pi, i) })));
  const chosen = new Set<string>();
  let used = 0;
  for (const c of [...all].sort((a, b) => b.score - a.score || a.pi - b.pi || a.i - b.i)) {
    if (used + c.text.length > total) continue;
    chosen.add(`${c.pi}:${c.i}`);
    used += c.text.length;
  }
  const blocks: string[] = [];
  const cutPages: string[] = [];
  pages.forEach((p, pi) => {
    const parts = all.filter((c) => c.pi === pi);
    const kept = parts.filter((c) => chosen.has(`${pi}:${c.i}`));
    if (kept.length < parts.length) cutPages.push(p.url);
    if (!kept.length) return;
    const body: string[] = [];
    parts.forEach((c, idx) => {
      if (chosen.has(`${pi}:${c.i}`)) body.push(c.text);
      else if (idx === 0 || chosen.has(`${pi}:${parts[idx - 1].i}`)) body.push('[…]');
    });
    blocks.push(`PAGE ${p.url}\nTITLE ${p.title ?? ''}\n${body.join('\n')}`);
  });
  return { blocks, cutPages };
}
