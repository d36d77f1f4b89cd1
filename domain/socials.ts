import type { SocialPlatform } from './draft-fields';
import { trimTrailing } from './strings';

// Maps a link to the spec's social platforms. Share buttons, posts and videos are not profiles.
export type SocialLink = { platform: SocialPlatform; url: string; personal: boolean };

const host = (u: URL) => u.hostname.toLowerCase().replace(/^(www|m|mobile|mbasic)\./, '');

export function socialOf(href: string, base?: string): SocialLink | null {
  let u: URL;
  try {
    u = new URL(href, base);
  } catch {
    return null;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
  const h = host(u);
  const path = trimTrailing(u.pathname, '/');
  const seg = path.split('/').filter(Boolean);
  const first = (seg[0] ?? '').toLowerCase();
  const clean = `https://${u.hostname.toLowerCase()}${path}`;
  const profile = (platform: SocialPlatform, personal = false): SocialLink => ({ platform, url: clean, personal });
  if (seg.length === 0) return null;
  if (h === 'linkedin.com' || h.endsWith('.linkedin.com')) {
    if (['company', 'school', 'showcase'].includes(first) && seg[1]) return profile('linkedin');
    if (first === 'in' && seg[1]) return profile('linkedin', true);
    return null;
  }
  if (h === 'twitter.com' || h === 'x.com') {
    return /^(intent|share|home|hashtag|search|i|explore|login|signup)$/.test(first) || seg.length > 1 ? null : profile('x');
  }
  if (h === 'facebook.com' || h === 'fb.com') {
    return /^(sharer|sharer\.php|share|dialog|plugins|tr|login)$/.test(first) ? null : profile('facebook');
  }
  if (h === 'instagram.com') return /^(p|reel|reels|explore|stories)$/.test(first) ? null : profile('instagram');
  if (h === 'tiktok.com') return first.startsWith('@') && seg.length === 1 ? profile('tiktok') : null;
  if (h === 'youtube.com') {
    return first.startsWith('@') || ['channel', 'c', 'user'].includes(first) ? profile('youtube') : null;
  }
  if (h === 'threads.net' || h === 'threads.com') return first.startsWith('@') ? profile('threads') : null;
  if (/^([a-z]{2}\.)?pinterest\.[a-z.]+$/.test(h)) return /^(pin|search)$/.test(first) ? null : profile('pinterest');
  if (h === 'github.com') {
    return /^(sponsors|features|pricing|about|login|join|marketplace|topics|orgs|settings)$/.test(first) || seg.length > 2 ? null : profile('github');
  }
  if (h === 'reddit.com') return ['r', 'user', 'u'].includes(first) && seg[1] ? profile('reddit') : null;
  if (h === 'producthunt.com') return ['products', 'posts'].includes(first) || first.startsWith('@') ? profile('producthunt') : null;
  if (h === 'medium.com' || h.endsWith('.medium.com')) return profile('medium');
  return null;
}

// A YouTube video (not a channel) as a canonical watch URL, for the demo video field.
export function youtubeVideo(href: string, base?: string): string | null {
  let u: URL;
  try {
    u = new URL(href, base);
  } catch {
    return null;
  }
  const h = host(u);
  let id: string | null = null;
  if (h === 'youtu.be') id = u.pathname.slice(1).split('/')[0] || null;
  else if (h === 'youtube.com' || h === 'youtube-nocookie.com') {
    const m = u.pathname.match(/^\/(?:embed|shorts|live|v)\/([^/?#]+)/);
    id = m ? m[1] : u.pathname === '/watch' ? u.searchParams.get('v') : null;
  }
  return id && /^[A-Za-z0-9_-]{6,20}$/.test(id) ? `https://www.youtube.com/watch?v=${id}` : null;
}
