import { decodeEntities } from './evidence';
import { isEmailLike, stripTags } from './strings';

// Drafted values in their stored form: no markup or markdown, entities decoded, whitespace normalised,
// within the spec's bounds, and of the field's type. Every function returns null for a value that
// cannot be made valid (the value is then dropped, never stored past a bound or in the wrong shape).

// Markup and markdown out, entities decoded; paragraphs kept (blank line) when `multiline`.
export function plainText(raw: string, multiline = false): string {
  let s = decodeEntities(stripTags(decodeEntities(raw), ' '));
  s = s
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1') // images
    .replace(/\[([^\]]+)\]\((?:[^)]*)\)/g, '$1') // links
    .replace(/(\*\*|__)(?=\S)([^*_]+?)\1/g, '$2')
    .replace(/(^|[\s(])[*_](?=\S)([^*_\n]+?)[*_](?=[\s).,;:!?]|$)/gm, '$1$2')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, '');
  const lines = s.split(/\r?\n/).map((l) => l.replace(/[\s\u00a0]+/g, ' ').replace(/ ([.,;:!?])(?=\s|$)/g, '$1').trim());
  if (!multiline) return lines.filter(Boolean).join(' ').trim();
  return lines.join('\n').replace(/\n{3,}/g, '\n\n').trim();
}

// Shortens to at most `max` characters at a sentence end, else at a word boundary; null if nothing
// sensible is left (under a third of the bound).
export function withinBound(s: string, max: number): string | null {
  if (s.length <= max) return s;
  const head = s.slice(0, max + 1);
  const sentenceEnd = Math.max(...['. ', '! ', '? ', '.\n'].map((p) => head.lastIndexOf(p)));
  if (sentenceEnd >= max / 3) return s.slice(0, sentenceEnd + 1).trim();
  const space = head.lastIndexOf(' ');
  if (space >= max / 3) return s.slice(0, space).replace(/[\s,;:–-]+$/, '').trim();
  return null;
}

// A place name: letters with spaces, hyphens, apostrophes and dots, at most five words, no digits.
export function isPlaceName(s: string): boolean {
  return s.length >= 2 && s.length <= 60 && /^[\p{L}][\p{L}\p{M} .'’-]*$/u.test(s) && s.split(' ').length <= 5 && !/[.!?]\s/.test(s);
}

// A person's name: two to five words, each capitalised (particles like "van", "de", "von" allowed),
// no digits or sentence punctuation, at most 80 characters.
const PARTICLES = new Set(['van', 'von', 'der', 'den', 'de', 'del', 'della', 'da', 'di', 'du', 'la', 'le', 'bin', 'ibn', 'al', 'y', 'e', 'zu', 'dos', 'das', 'ter', 'ten']);
export function isPersonName(s: string): boolean {
  if (s.length < 3 || s.length > 80 || /[\d@:;!?()/]/.test(s)) return false;
  const parts = s.split(' ');
  if (parts.length < 2 || parts.length > 5) return false;
  return parts.every((p) => PARTICLES.has(p) || /^\p{Lu}[\p{L}\p{M}'’.-]*$/u.test(p)) && /^\p{Lu}/u.test(parts[0]) && /^\p{Lu}/u.test(parts[parts.length - 1]);
}

// A plausible founding year: four digits, 1800 to the current year (from the injected clock).
export function plausibleYear(s: string, now: Date): string | null {
  if (!/^\d{4}$/.test(s)) return null;
  const y = Number(s);
  return y >= 1800 && y <= now.getUTCFullYear() ? s : null;
}

// Hosts each social platform's profiles live on.
const SOCIAL_HOSTS: Record<string, RegExp> = {
  linkedin: /(^|\.)linkedin\.com$/, x: /^(twitter\.com|x\.com)$/, facebook: /^(facebook\.com|fb\.com)$/, instagram: /^instagram\.com$/,
  tiktok: /^tiktok\.com$/, youtube: /^(youtube\.com|youtu\.be)$/, threads: /^threads\.(net|com)$/, pinterest: /^([a-z]{2}\.)?pinterest\.[a-z.]+$/,
  github: /^github\.com$/, reddit: /^reddit\.com$/, producthunt: /^producthunt\.com$/, medium: /(^|\.)medium\.com$/,
};
// A social link as stored: an http(s) URL on its platform's host (website and custom take any host).
export function socialUrl(platform: string, raw: string): string | null {
  let u: URL;
  try { u = new URL(raw.trim()); } catch { return null; }
  if (!/^https?:$/.test(u.protocol) || raw.length > 500) return null;
  const host = u.hostname.toLowerCase().replace(/^(www|m|mobile)\./, '');
  const want = SOCIAL_HOSTS[platform];
  if (want ? !want.test(host) : !['website', 'custom'].includes(platform)) return null;
  return u.toString().replace(/\/$/, '');
}

export const emailAddress = (s: string): string | null => {
  const v = s.trim().replace(/^mailto:/i, '').toLowerCase();
  return isEmailLike(v) && !/\s/.test(v) ? v : null;
};

// A milestone date as YYYY-MM-DD (a year or month alone gets the first day), not in the future.
export function milestoneDate(raw: string, now: Date): string | null {
  const m = raw.trim().match(/^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?/);
  if (!m) return null;
  const iso = `${m[1]}-${m[2] ?? '01'}-${m[3] ?? '01'}`;
  const t = Date.parse(`${iso}T00:00:00Z`);
  if (Number.isNaN(t) || Number(m[1]) < 1800 || t > now.getTime()) return null;
  return new Date(t).toISOString().slice(0, 10) === iso ? iso : null;
}
