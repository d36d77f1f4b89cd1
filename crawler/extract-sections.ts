import type { AnyNode, Element } from 'domhandler';
import { textEv, type Facts } from './facts';
import { visibleText, type ParsedPage } from './page-text';
import { socialOf } from './socials';

// Structured sections of a page: FAQ markup, pricing plans and the founders on a team page.

const line = (n: AnyNode | AnyNode[]) => visibleText(n).replace(/\n/g, ' ').trim();
const isHeading = (el: AnyNode): el is Element => el.type === 'tag' && /^h[1-6]$/.test((el as Element).name);
const level = (el: Element) => Number(el.name[1]);

// The nodes after a heading up to the next heading of the same or a higher level.
function sectionAfter(h: Element): AnyNode[] {
  const out: AnyNode[] = [];
  for (let n = h.nextSibling; n; n = n.nextSibling) {
    if (isHeading(n) && level(n) <= level(h)) break;
    out.push(n);
  }
  return out;
}

export function extractFaqs(f: Facts, p: ParsedPage, topic: string | null): void {
  const url = p.url;
  const add = (question: string, answer: string) => {
    if (question.length < 5 || question.length > 300 || answer.length < 2 || answer.length > 1500) return;
    f.faqs.push({ question, answer, evidence: [textEv(url, question), textEv(url, answer)] });
  };
  p.$('details').each((_, el) => {
    const summary = p.$(el).children('summary').first();
    if (!summary.length) return;
    const question = line(summary.get(0)!);
    const answer = line(p.$(el).contents().toArray().filter((n) => n !== summary.get(0)));
    add(question, answer);
  });
  p.$('dl').each((_, dl) => {
    p.$(dl).children('dt').each((__, dt) => {
      const dd = p.$(dt).nextAll('dd').first();
      const question = line(dt);
      if (dd.length && question.endsWith('?')) add(question, line(dd.get(0)!));
    });
  });
  // Question headings count on a FAQ page or under a heading that says FAQ.
  const faqPage = topic === 'faq' || /faq|frequently asked/i.test(p.$('h1').first().text());
  p.$('h2, h3, h4, h5').each((_, el) => {
    const q = line(el);
    if (!q.endsWith('?')) return;
    const underFaq = faqPage || p.$(el).prevAll('h1, h2').toArray().some((h) => /faq|frequently asked/i.test(p.$(h).text()));
    if (!underFaq) return;
    const answer = line(sectionAfter(el as Element));
    if (answer) add(q, answer);
  });
}

const PRICE = /(?:[$€£¥]\s?\d[\d,]*(?:\.\d{1,2})?|\d[\d,]*(?:\.\d{1,2})?\s?(?:€|USD|EUR|GBP|\$))(?:\s*(?:\/|per)\s*(?:[a-z]+\s*(?:\/|per)\s*)?(?:month|mo|year|yr|user|seat|annum))?|^free$/i;
const periodOf = (price: string) => (/(month|\bmo\b)/i.test(price) ? 'month' : /(year|yr|annum)/i.test(price) ? 'year' : null);

export function extractPlans(f: Facts, p: ParsedPage, topic: string | null): void {
  const url = p.url;
  const scope = topic === 'pricing' ? p.$('body') : p.$('[id*="pricing" i], [class*="pricing" i]');
  scope.find('h2, h3, h4').each((_, el) => {
    const name = line(el);
    if (!name || name.length > 40 || /pricing|plans?$|faq|questions/i.test(name)) return;
    // Look for the price in the heading's own section (a plan card or the text up to the next heading).
    for (const node of sectionAfter(el as Element)) {
      const candidates = node.type === 'tag' ? [node, ...p.$(node).find('*').toArray()] : [];
      for (const c of candidates) {
        const t = line(c);
        if (t.length > 60) continue;
        const m = t.match(PRICE);
        if (m) {
          f.plans.push({ name, price: t, period: periodOf(t), evidence: [textEv(url, name), textEv(url, t)] });
          return;
        }
      }
    }
  });
}

const FOUNDER_TITLE = /\b(co-?founder|founder|ceo|chief executive officer|cto|chief technology officer)\b/i;
const NAME = /^[A-Z\p{Lu}][\p{L}'’.-]+(?:\s[A-Z\p{Lu}][\p{L}'’.-]+){1,3}$/u;

// Team cards: a short role line naming a founder role next to a person's name. Returns the cards so
// their personal links are not taken for the company's socials.
export function extractFounders(f: Facts, p: ParsedPage): Set<Element> {
  const url = p.url;
  const cards = new Set<Element>();
  p.$('p, span, div, h4, h5, h6, small, em, strong').each((_, el) => {
    const title = line(el);
    if (!title || title.length > 80 || !FOUNDER_TITLE.test(title) || p.$(el).find('p, div').length) return;
    const card = (el as Element).parent as Element | null;
    if (!card || card.type !== 'tag' || ['body', 'main'].includes(card.name)) return;
    const nameEl = p.$(card).children('h2, h3, h4, h5, strong, b, .name, [class*="name" i]').toArray().find((n) => n !== el && NAME.test(line(n)));
    if (!nameEl) return;
    const name = line(nameEl);
    const bioEl = p.$(el).nextAll('p').toArray().find((n) => line(n).length >= 20);
    const bio = bioEl ? line(bioEl) : null;
    const socials: Record<string, string> = {};
    p.$(card).find('a[href]').each((__, a) => {
      const s = socialOf(p.$(a).attr('href')!, url);
      if (s && !socials[s.platform]) socials[s.platform] = s.url;
    });
    cards.add(card);
    f.founders.push({
      name, title, bio: bio && bio.length <= 3000 ? bio : null, socials,
      evidence: [textEv(url, name), textEv(url, title), ...(bio ? [textEv(url, bio)] : [])],
    });
  });
  return cards;
}
