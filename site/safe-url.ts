// Links that come from listings, founders and socials are user-written: only http(s) URLs become hrefs,
// so a stored `javascript:` or `data:` URL can never run on click. Anything else is shown as text.
export function externalHref(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const s = raw.trim();
  if (/[\u0000-\u0020\u007f]/.test(s) || !/^https?:\/\/[^/]/i.test(s)) return null;
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

// A page's address as link text: its host and path, without the scheme ("example.com/pricing").
export function pageOf(raw: string): string {
  try {
    const u = new URL(raw);
    return `${u.hostname}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return raw;
  }
}

// A readable host for link text: "example.com" instead of the whole URL.
export function hostOf(raw: string): string {
  try {
    return new URL(raw).hostname.replace(/^www\./, '');
  } catch {
    return raw;
  }
}
