import type { AnyNode, Element } from 'domhandler';
import { textEv, type Facts } from './facts';
import { subtreeAtMost, visibleText, type ParsedPage } from './page-text';
import { socialOf } from '../domain/socials';

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
  // Each <dt> pairs with the first <dd> after it: one pass from the end of each list, not a search per term.
  p.$('dl').each((_, dl) => {
    let nextDd: Element | null = null;
    const pairs: Array<[Element, Element]> = [];
    for (let n = (dl as Element).lastChild; n; n = n.prev) {
      if (n.type !== 'tag') continue;
      const el = n as Element;
      if (el.name === 'dd') nextDd = el;
      else if (el.name === 'dt' && nextDd) pairs.push([el, nextDd]);
    }
    for (const [dt, dd] of pairs.reverse()) {
      const question = line(dt);
      if (question.endsWith('?')) add(question, line(dd));
    }
  });
  // Question headings count on a FAQ page or under a heading that says FAQ.
  // "Under a heading": an earlier h1/h2 sibling says FAQ. One pass in document order remembers, per parent,
  // whether such a sibling has been seen (asking every heading for its earlier siblings is quadratic).
  const faqPage = topic === 'faq' || /faq|frequently asked/i.test(p.$('h1').first().text());
  const faqSeenUnder = new Set<AnyNode | null>();
  p.$('h1, h2, h3, h4, h5').each((_, el) => {
    const h = el as Element;
    const underFaq = faqPage || faqSeenUnder.has(h.parent);
    if ((h.name === 'h1' || h.name === 'h2') && /faq|frequently asked/i.test(p.$(h).text())) faqSeenUnder.add(h.parent);
    if (h.name === 'h1' || !underFaq) return;
    const q = line(h);
    if (!q.endsWith('?')) return;
    const answer = line(sectionAfter(h));
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

const SMALL = 200; // nodes: far more than a role line or a name needs
const CARD_MAX = 1000; // nodes: a team section of dozens of people, not a whole page

// Up to `max` <p> among the next few siblings of an element (a bio follows its role line closely).
function nextParagraphs(el: Element, max: number): Element[] {
  const out: Element[] = [];
  let steps = 0;
  for (let n = el.nextSibling; n && out.length < max && steps < 4 * max; n = n.nextSibling, steps++) {
    if (n.type === 'tag' && (n as Element).name === 'p') out.push(n as Element);
  }
  return out;
}

const FOUNDER_TITLE = /\b(co-?founder|founder|ceo|chief executive officer|cto|chief technology officer)\b/i;
const NAME = /^[A-Z\p{Lu}][\p{L}'’.-]+(?:\s[A-Z\p{Lu}][\p{L}'’.-]+){1,3}$/u;

// Team cards: a short role line naming a founder role next to a person's name. Returns the cards so
// their personal links are not taken for the company's socials.
export function extractFounders(f: Facts, p: ParsedPage): Set<Element> {
  const url = p.url;
  const cards = new Set<Element>();
  // What each card offers, read once per card however many role lines it holds: the children that read
  // as a person's name, and the social links.
  const seen = new Map<Element, { names: Element[]; socials: Record<string, string> }>();
  const cardInfo = (card: Element) => {
    let info = seen.get(card);
    if (!info && !subtreeAtMost(card, CARD_MAX)) seen.set(card, (info = { names: [], socials: {} }));
    if (!info) {
      const names = p.$(card).children('h2, h3, h4, h5, strong, b, .name, [class*="name" i]').toArray()
        .filter((n) => subtreeAtMost(n, SMALL) && NAME.test(line(n)));
      const socials: Record<string, string> = {};
      p.$(card).find('a[href]').each((__, a) => {
        const s = socialOf(p.$(a).attr('href')!, url);
        if (s && !socials[s.platform]) socials[s.platform] = s.url;
      });
      seen.set(card, (info = { names, socials }));
    }
    return info;
  };
  // Every lookup is bounded (small subtrees, a few siblings, each card read once), so a page of deeply
  // nested or endlessly repeated elements costs linear time.
  p.$('p, span, div, h4, h5, h6, small, em, strong').each((_, el) => {
    if (!subtreeAtMost(el, SMALL)) return;
    const title = line(el);
    if (!title || title.length > 80 || !FOUNDER_TITLE.test(title) || p.$(el).find('p, div').length) return;
    const card = (el as Element).parent as Element | null;
    if (!card || card.type !== 'tag' || ['body', 'main'].includes(card.name)) return;
    const info = cardInfo(card);
    const nameEl = info.names.find((n) => n !== el);
    if (!nameEl) return;
    const name = line(nameEl);
    const bioEl = nextParagraphs(el as Element, 5).find((n) => line(n).length >= 20);
    const bio = bioEl ? line(bioEl) : null;
    const socials = info.socials;
    cards.add(card);
    f.founders.push({
      name, title, bio: bio && bio.length <= 3000 ? bio : null, socials: { ...socials },
      evidence: [textEv(url, name), textEv(url, title), ...(bio ? [textEv(url, bio)] : [])],
    });
  });
  return cards;
}
