// Which links of a homepage are worth fetching: pages that usually hold the facts a listing needs
// (pricing, about, team, FAQ, features, contact, press, changelog), scored by path and anchor text.

import { trimTrailing } from '../domain/strings';

export type LinkCandidate = { url: string; text: string };
export type ScoredLink = { url: string; score: number; topic: string | null };

const TOPICS: Array<[string, number, RegExp]> = [
  // English, German, French and Spanish words (accents are stripped before matching).
  ['pricing', 10, /\b(pricing|prices?|plans?|tarif[fs]?|preise|preis|precios?|prix|planes)\b/],
  ['about', 9, /\b(about|about-us|company|our-story|story|mission|who-we-are|uber-uns|ueber-uns|unternehmen|wir|a-propos|qui-sommes-nous|entreprise|sobre-nosotros|nosotros|quienes-somos|empresa)\b/],
  ['team', 9, /\b(team|founders?|people|leadership|our-team|equipe|equipo|grunder)\b/],
  ['faq', 8, /\b(faqs?|frequently-asked(-questions)?|questions|help|fragen|hilfe|aide|preguntas|ayuda)\b/],
  ['features', 8, /\b(features?|product|how-it-works|tour|solutions?|capabilities|funktionen|produkt|fonctionnalites|produit|funciones|producto)\b/],
  ['contact', 6, /\b(contact|contact-us|get-in-touch|support|kontakt|contacto)\b/],
  // The legal notice names the company, its address and its managing directors.
  ['imprint', 6, /\b(imprint|impressum|mentions-legales|aviso-legal)\b/],
  ['press', 5, /\b(press|media|press-kit|newsroom|brand|presse|prensa)\b/],
  ['changelog', 4, /\b(changelog|releases?|release-notes|whats-new|updates|neuigkeiten|nouveautes|novedades)\b/],
];

// Pages that never hold listing facts, or must not be touched by a bot (sign-in, carts, legal).
const SKIP = /\b(log-?in|sign-?in|sign-?up|register|logout|cart|checkout|account|dashboard|app|privacy|datenschutz|terms|agb|cookies?|gdpr|careers?|jobs|status|cdn-cgi|wp-admin|wp-login|feed|rss|tag|tags|category|author|search)\b/;
const ASSET = /\.(pdf|zip|gz|tar|dmg|exe|msi|pkg|apk|png|jpe?g|gif|webp|svg|ico|mp4|mov|webm|mp3|wav|css|js|json|xml|txt|woff2?|ttf|eot|csv|xlsx?|docx?|pptx?)$/i;
const LOCALE = /^\/(?!en\b)[a-z]{2}(-[a-z]{2})?\//i; // /de/…, /fr-ca/…: the same facts in another language

const hostKey = (h: string) => h.toLowerCase().replace(/^www\./, '');
export const sameSite = (a: URL, b: URL) => hostKey(a.hostname) === hostKey(b.hostname) && a.protocol.startsWith('http');

export function scoreLink(link: URL, text: string): ScoredLink | null {
  const path = decodeURIComponent(link.pathname).toLowerCase();
  if (path === '/' || ASSET.test(path) || LOCALE.test(path) || link.search) return null;
  const words = `${path.replace(/[/_.]+/g, ' ')} ${text.toLowerCase().replace(/\s+/g, '-')}`.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  const segments = path.split('/').filter(Boolean);
  if (SKIP.test(path.replace(/\//g, ' '))) return null;
  let best: [string, number] | null = null;
  for (const [topic, weight, re] of TOPICS) {
    if (re.test(words) && (!best || weight > best[1])) best = [topic, weight];
  }
  // Shallow pages are the site's own sections; deep ones are usually posts or docs.
  const depthBonus = segments.length <= 1 ? 1 : segments.length === 2 ? 0 : -3;
  const score = (best?.[1] ?? 0) + depthBonus;
  return score > 0 ? { url: link.href, score, topic: best?.[0] ?? null } : null;
}

// The best `limit` same-site links, one per URL, highest score first (stable for equal scores).
export function chooseLinks(base: string, links: LinkCandidate[], limit: number): ScoredLink[] {
  const home = new URL(base);
  const byUrl = new Map<string, ScoredLink>();
  for (const { url, text } of links) {
    let u: URL;
    try {
      u = new URL(url, home);
    } catch {
      continue;
    }
    if (!sameSite(u, home) || (u.protocol !== 'http:' && u.protocol !== 'https:')) continue;
    u.hash = '';
    if (u.pathname.length > 1) u.pathname = trimTrailing(u.pathname, '/');
    if (u.href === home.href || `${u.origin}${u.pathname}` === trimTrailing(`${home.origin}${home.pathname}`, '/')) continue;
    const scored = scoreLink(u, text);
    if (!scored) continue;
    const prev = byUrl.get(scored.url);
    if (!prev || scored.score > prev.score) byUrl.set(scored.url, scored);
  }
  const ranked = [...byUrl.values()].sort((a, b) => b.score - a.score);
  // Prefer breadth: the first pick of each topic before a second page on the same topic.
  const firsts = new Set<string>();
  const primary: ScoredLink[] = [];
  const rest: ScoredLink[] = [];
  for (const l of ranked) {
    if (l.topic && !firsts.has(l.topic)) {
      firsts.add(l.topic);
      primary.push(l);
    } else rest.push(l);
  }
  return [...primary, ...rest].slice(0, limit);
}
