import { decodeEntities } from '../domain/evidence';
import { addListItem, addScalar, attrEv, type Facts } from './facts';
import { countryCode } from './places';
import { socialOf, youtubeVideo } from '../domain/socials';
import { stripTags } from '../domain/strings';

// JSON-LD facts (schema.org). Quotes are the verbatim JSON-LD strings (source 'attribute').

type Node = Record<string, unknown>;

// Every typed node, wherever it sits (arrays, @graph, nested properties).
export function jsonLdNodes(blocks: unknown[]): Node[] {
  const out: Node[] = [];
  const visit = (v: unknown, depth: number) => {
    if (depth > 8 || !v || typeof v !== 'object') return;
    if (Array.isArray(v)) return v.forEach((x) => visit(x, depth + 1));
    const node = v as Node;
    if (node['@type']) out.push(node);
    for (const [k, child] of Object.entries(node)) if (k !== '@context') visit(child, depth + 1);
  };
  blocks.forEach((b) => visit(b, 0));
  return out;
}

const typesOf = (n: Node) => (Array.isArray(n['@type']) ? n['@type'] : [n['@type']]).map((t) => String(t).replace(/^.*[/:]/, '').toLowerCase());
export const isType = (n: Node, ...types: string[]) => typesOf(n).some((t) => types.includes(t));
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null);
const clean = (s: string) => decodeEntities(stripTags(s)).replace(/\s+/g, ' ').trim();
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

const APP_TYPES = ['softwareapplication', 'webapplication', 'mobileapplication', 'product', 'softwaresourcecode'];

export function extractJsonLd(f: Facts, url: string, blocks: unknown[], categories: string[]): void {
  const nodes = jsonLdNodes(blocks);
  const ev = (s: string) => [attrEv(url, s)];
  for (const n of nodes) {
    const name = str(n.name);
    const description = str(n.description);
    if (isType(n, ...APP_TYPES)) {
      if (name) addScalar(f, 'name', clean(name), ev(name), 1);
      if (description) addScalar(f, description.length <= 300 ? 'short_description' : 'description', clean(description), ev(description), 3);
      for (const cat of asArray(n.applicationCategory).map(str).filter((c): c is string => !!c)) {
        const want = cat.replace(/Application$/i, '').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
        // schema.org's DeveloperApplication, EducationalApplication… against our category names
        const match = categories.find((c) => c.toLowerCase() === want)
          ?? categories.find((c) => c.toLowerCase().split(/\s+/)[0] === want || (want.length > 4 && want.startsWith(c.toLowerCase())));
        if (match) addListItem(f, 'categories', match, ev(cat));
      }
      for (const feat of asArray(n.featureList).map(str).filter((x): x is string => !!x)) {
        for (const item of feat.split(/\n|,(?=\s*[A-Z])/)) addListItem(f, 'features', clean(item), ev(feat));
      }
      addKeywords(f, url, n.keywords);
      for (const video of asArray(n.video)) videoFrom(f, url, video);
    }
    if (isType(n, 'organization', 'corporation', 'localbusiness')) {
      const logo = n.logo && typeof n.logo === 'object' ? str((n.logo as Node).url) : str(n.logo);
      if (logo) addScalar(f, 'logo_url', absolute(logo, url), ev(logo), 1);
      if (name) addScalar(f, 'name', clean(name), ev(name), 6);
      const founded = str(n.foundingDate);
      const year = founded?.match(/\b(1[89]\d{2}|20\d{2})\b/)?.[1];
      if (founded && year) addScalar(f, 'founded_year', year, ev(founded), 1);
      const email = str(n.email) ?? str((asArray(n.contactPoint)[0] as Node | undefined)?.email);
      if (email) addScalar(f, 'contact_email', email.replace(/^mailto:/i, '').toLowerCase(), ev(email), 1);
      addAddress(f, url, n.address ?? (n.location as Node | undefined)?.address);
      for (const s of asArray(n.sameAs).map(str).filter((x): x is string => !!x)) {
        const social = socialOf(s);
        if (social && !social.personal && !f.socials[social.platform]) f.socials[social.platform] = { value: social.url, evidence: ev(s) };
      }
      for (const p of asArray(n.founder)) founderFrom(f, url, p);
    }
    if (isType(n, 'person')) {
      const title = str(n.jobTitle);
      if (title && /founder|\bceo\b|\bcto\b|chief executive/i.test(clean(title))) founderFrom(f, url, n);
    }
    if (isType(n, 'faqpage')) {
      for (const q of asArray(n.mainEntity) as Node[]) {
        const question = str(q?.name);
        const answer = str((asArray(q?.acceptedAnswer)[0] as Node | undefined)?.text);
        if (question && answer) f.faqs.push({ question: clean(question), answer: clean(answer), evidence: [attrEv(url, question), attrEv(url, answer)] });
      }
    }
    if (isType(n, 'offer') && (name || str(n.price))) {
      const price = str(n.price);
      if (price && name) f.plans.push({ name: clean(name), price: `${price} ${str(n.priceCurrency) ?? ''}`.trim(), period: null, evidence: [attrEv(url, name), attrEv(url, price)] });
    }
    if (isType(n, 'aggregateoffer')) {
      const low = str(n.lowPrice);
      const high = str(n.highPrice);
      const currency = str(n.priceCurrency) ?? '';
      if (low && high) addScalar(f, 'pricing_summary', `${low}–${high} ${currency}`.trim(), [attrEv(url, low), attrEv(url, high)], 6);
    }
    if (isType(n, 'videoobject')) videoFrom(f, url, n);
  }
}

function addKeywords(f: Facts, url: string, v: unknown): void {
  for (const k of asArray(v).map(str).filter((x): x is string => !!x)) {
    for (const item of k.split(',')) if (item.trim()) addListItem(f, 'keywords', clean(item), [attrEv(url, k)]);
  }
}

function addAddress(f: Facts, url: string, a: unknown): void {
  const addr = asArray(a)[0] as Node | undefined;
  if (!addr || typeof addr !== 'object') return;
  const city = str(addr.addressLocality);
  if (city) addScalar(f, 'city', clean(city), [attrEv(url, city)], 1);
  const country = str(addr.addressCountry) ?? str((addr.addressCountry as Node | undefined)?.name);
  const code = country ? countryCode(country) : null;
  if (country && code) addScalar(f, 'country', code, [attrEv(url, country)], 1);
}

function founderFrom(f: Facts, url: string, p: unknown): void {
  const name = typeof p === 'string' ? p : str((p as Node)?.name);
  if (!name) return;
  const title = typeof p === 'object' ? str((p as Node).jobTitle) : null;
  const evidence = [attrEv(url, name), ...(title ? [attrEv(url, title)] : [])];
  const socials: Record<string, string> = {};
  for (const s of asArray(typeof p === 'object' ? (p as Node).sameAs : null).map(str).filter((x): x is string => !!x)) {
    const social = socialOf(s);
    if (social) socials[social.platform] = social.url;
  }
  f.founders.push({ name: clean(name), title: title ? clean(title) : null, bio: null, socials, evidence });
}

function videoFrom(f: Facts, url: string, v: unknown): void {
  const node = v as Node;
  for (const raw of [str(node?.embedUrl), str(node?.contentUrl), str(node?.url)]) {
    const video = raw ? youtubeVideo(raw) : null;
    if (raw && video) return addScalar(f, 'demo_video_url', video, [attrEv(url, raw)], 1);
  }
}

function absolute(u: string, base: string): string {
  try {
    return new URL(u, base).href;
  } catch {
    return u;
  }
}
