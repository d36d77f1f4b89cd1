import { foundedYears, foundersInProse } from '../domain/prose-facts';
import type { Element } from 'domhandler';
import { addListItem, addScalar, attrEv, sentenceAround, textEv, type Facts } from './facts';
import type { ParsedPage } from './page-text';
import { visibleText } from './page-text';
import { placeFromText } from './places';
import { socialOf, youtubeVideo } from '../domain/socials';
import { emailsInText, isEmailLike } from '../domain/strings';

// Facts read from a page's markup and text: meta and OpenGraph tags, title and headings, logo,
// e-mail, demo video, social links, founding year, place and features.

const GENERIC_TITLES = /^(home|homepage|home page|welcome|index|untitled|hello|coming soon|under construction|about|blog|landing)$/i;
const meta = (p: ParsedPage, key: string) =>
  p.$(`meta[property="${key}"], meta[name="${key}"]`).first().attr('content')?.trim() || null;
const words = (s: string) => s.split(/\s+/).filter(Boolean).length;

export function extractHomeMeta(f: Facts, p: ParsedPage): void {
  const url = p.url;
  for (const key of ['og:site_name', 'application-name', 'apple-mobile-web-app-title']) {
    const v = meta(p, key);
    if (v && !GENERIC_TITLES.test(v)) addScalar(f, 'name', v, [attrEv(url, v)], 2);
  }
  // A real title is short; a long one is not split (the pattern would take quadratic time on a hostile one).
  const segments = (p.title ?? '').slice(0, 300).split(/\s+[|–—·:-]\s+/).map((s) => s.trim()).filter(Boolean);
  if (segments.length > 1) {
    const name = [...segments].sort((a, b) => words(a) - words(b))[0];
    if (words(name) <= 4 && !GENERIC_TITLES.test(name)) addScalar(f, 'name', name, [attrEv(url, name)], 3);
    const rest = segments.filter((s) => s !== name).sort((a, b) => words(b) - words(a))[0];
    if (rest && words(rest) >= 3 && rest.length <= 160) addScalar(f, 'tagline', rest, [attrEv(url, rest)], 3);
  } else if (segments[0] && words(segments[0]) <= 3 && !GENERIC_TITLES.test(segments[0])) {
    addScalar(f, 'name', segments[0], [attrEv(url, segments[0])], 4);
  }
  const h1 = p.$('h1').first().get(0);
  const h1Text = h1 ? visibleText(h1).replace(/\n/g, ' ') : '';
  if (h1Text && words(h1Text) >= 3 && words(h1Text) <= 16 && h1Text.length <= 160) addScalar(f, 'tagline', h1Text, [textEv(url, h1Text)], 1);
  for (const key of ['description', 'og:description', 'twitter:description']) {
    const v = meta(p, key);
    if (v && words(v) >= 4) {
      if (v.length <= 300) addScalar(f, 'short_description', v, [attrEv(url, v)], key === 'description' ? 1 : 2);
      if (v.length <= 120 && words(v) >= 3) addScalar(f, 'tagline', v, [attrEv(url, v)], 4);
    }
  }
  const kw = meta(p, 'keywords');
  if (kw) for (const k of kw.split(',')) if (k.trim().length >= 2) addListItem(f, 'keywords', k.trim(), [attrEv(url, kw)]);
  const site = meta(p, 'twitter:site') ?? meta(p, 'twitter:creator');
  if (site && /^@?\w{1,15}$/.test(site) && !f.socials.x) f.socials.x = { value: `https://x.com/${site.replace(/^@/, '')}`, evidence: [attrEv(url, site)] };
  // The first substantial paragraphs of the homepage describe the product in the site's own words.
  const paras = p.$('main p, article p, section p, body > p, div > p').toArray()
    .filter((el) => !p.$(el).closest('footer, nav, header, aside').length)
    .map((el) => visibleText(el).replace(/\n/g, ' '))
    .filter((t) => words(t) >= 15 && t.length <= 1500);
  const chosen = paras.slice(0, 2);
  if (chosen.length) addScalar(f, 'description', chosen.join('\n\n'), chosen.map((t) => textEv(url, t)), 1);
  extractLogo(f, p);
}

// Logo candidates, best first: JSON-LD Organization.logo (rank 1, extract-jsonld.ts), an <img> named a logo (2), the
// site's icons, largest first, apple-touch-icon counting as 180 px when it gives no size (3), and last the page's
// share image (SHARE_IMAGE_RANK), which is a logo only on some sites. The draft build fetches them in this order and
// keeps the first that is really an image (crawler/logo-capture.ts).
export const SHARE_IMAGE_RANK = 6;
const ICON_CANDIDATES = 3;

function extractLogo(f: Facts, p: ParsedPage): void {
  const url = p.url;
  const abs = (s: string) => { try { return new URL(s, url).href; } catch { return null; } };
  p.$('header img, nav img, a[href="/"] img, img').each((_, el) => {
    const src = p.$(el).attr('src');
    const hint = `${p.$(el).attr('alt') ?? ''} ${p.$(el).attr('class') ?? ''} ${p.$(el).attr('id') ?? ''} ${src ?? ''}`;
    if (src && /logo/i.test(hint) && !src.startsWith('data:') && abs(src)) {
      addScalar(f, 'logo_url', abs(src)!, [attrEv(url, src)], 2);
      return false;
    }
  });
  const icons = p.$('link[rel~="apple-touch-icon"], link[rel~="apple-touch-icon-precomposed"], link[rel~="icon"]').toArray()
    .map((el) => {
      const rel = (p.$(el).attr('rel') ?? '').toLowerCase();
      const declared = Number((p.$(el).attr('sizes') ?? '').split(/x/i)[0]) || 0;
      return { href: p.$(el).attr('href') ?? '', size: declared || (rel.includes('apple-touch-icon') ? 180 : 0) };
    })
    .filter((i) => i.href && !i.href.startsWith('data:') && !/\.ico$/i.test(i.href))
    .sort((a, b) => b.size - a.size);
  for (const icon of icons.slice(0, ICON_CANDIDATES)) {
    const href = abs(icon.href);
    if (href) addScalar(f, 'logo_url', href, [attrEv(url, icon.href)], 3);
  }
  const share = meta(p, 'og:image') ?? meta(p, 'og:image:url') ?? meta(p, 'twitter:image');
  if (share && !share.startsWith('data:') && abs(share)) addScalar(f, 'logo_url', abs(share)!, [attrEv(url, share)], SHARE_IMAGE_RANK);
}

const EMAIL_RANK = (e: string) => (/^(hello|hi|contact|info|support|team|help|sales)@/i.test(e) ? 2 : /^(press|media|jobs|careers|privacy|legal|abuse|security|dpo|gdpr|noreply|no-reply)@/i.test(e) ? 9 : 4);

// Walks up without building the list of ancestors (links sit at any depth of a page).
function insideAny(el: Element, set: Set<Element>): boolean {
  for (let a = el.parent; a; a = a.parent) if (set.has(a as Element)) return true;
  return false;
}

export function extractLinks(f: Facts, p: ParsedPage, isHome: boolean, founderCards: Set<Element>): void {
  const url = p.url;
  p.$('a[href]').each((_, el) => {
    const href = p.$(el).attr('href')!.trim();
    if (/^mailto:/i.test(href)) {
      let email: string;
      try {
        email = decodeURIComponent(href.slice(7).split('?')[0]).trim().toLowerCase();
      } catch {
        return; // a malformed %-escape: not an address (and not a reason to fail the whole page)
      }
      if (isEmailLike(email)) addScalar(f, 'contact_email', email, [attrEv(url, href)], EMAIL_RANK(email) + (isHome ? 0 : 1));
      return;
    }
    const inCard = founderCards.size > 0 && insideAny(el as Element, founderCards);
    const social = socialOf(href, url);
    if (social && !social.personal && !inCard && !f.socials[social.platform]) f.socials[social.platform] = { value: social.url, evidence: [attrEv(url, href)] };
    const video = youtubeVideo(href, url);
    const label = `${visibleText(el)} ${p.$(el).attr('title') ?? ''} ${p.$(el).attr('aria-label') ?? ''}`;
    if (video && /demo|video|watch|tour|see (it|how)|walkthrough/i.test(label)) addScalar(f, 'demo_video_url', video, [attrEv(url, href)], isHome ? 3 : 4);
  });
  p.$('iframe[src], iframe[data-src]').each((_, el) => {
    const src = p.$(el).attr('src') ?? p.$(el).attr('data-src')!;
    const video = youtubeVideo(src, url);
    if (video) addScalar(f, 'demo_video_url', video, [attrEv(url, src)], isHome ? 2 : 3);
  });
}

export function extractTextFacts(f: Facts, p: ParsedPage, topic: string | null): void {
  const url = p.url;
  const text = p.text;
  for (const m of foundedYears(text)) {
    addScalar(f, 'founded_year', m.year, [textEv(url, sentenceAround(text, m.index, m.length))], m.rank);
  }
  // Founders named in sentences ("founded in 2019 by …", "… ist Mitgründer"). Whose words they are is judged at
  // assembly: a quote inside a testimonial or case study never makes someone a founder.
  for (const p0 of foundersInProse(text)) {
    f.founders.push({ name: p0.name, title: p0.title, bio: null, socials: {}, evidence: [textEv(url, sentenceAround(text, p0.index, p0.length))] });
  }
  for (const place of placeFromText(text)) {
    const quote = sentenceAround(text, place.index, place.length);
    if (place.city) addScalar(f, 'city', place.city, [textEv(url, quote)], 2);
    if (place.country) addScalar(f, 'country', place.country, [textEv(url, quote)], 2);
  }
  if (topic === 'contact' || topic === null) {
    for (const address of emailsInText(text)) {
      addScalar(f, 'contact_email', address.toLowerCase(), [textEv(url, address)], EMAIL_RANK(address) + 2);
    }
  }
  // Features: headings of a features page, or of a features section on any page.
  const featureHeadings = topic === 'features'
    ? p.$('h2, h3').toArray()
    : p.$('[id*="feature" i], [class*="feature" i]').find('h3, h4').toArray();
  for (const el of featureHeadings) {
    const t = visibleText(el).replace(/\n/g, ' ');
    if (words(t) >= 1 && words(t) <= 8 && t.length <= 80 && !/features?$/i.test(t)) addListItem(f, 'features', t, [textEv(url, t)]);
  }
}
