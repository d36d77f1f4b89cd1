// Which browsers may reach the MCP endpoint. The MCP transport spec asks servers to validate Origin against DNS
// rebinding: a page on evil.example whose name resolves to 127.0.0.1 must not drive a local server. Non-browser
// clients send no Origin and stay allowed.

const LOOPBACK_V4 = /^127(?:\.\d{1,3}){3}$/;

export function isLoopbackHostname(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h.endsWith('.localhost') || LOOPBACK_V4.test(h) || h === '::1';
}

// The origin of a URL ("scheme://host[:port]", default ports left out), or null when it is not an http(s) URL.
export function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

// The host name of a Host header value ("example.com:8080", "[::1]:3000").
export function hostnameOfHostHeader(host: string): string {
  const h = host.trim();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1 || undefined);
  return h.replace(/:\d*$/, '');
}

// An Origin header is allowed when it is the site's own origin, one the operator listed, or — for a site served on
// loopback — another loopback origin (a local Inspector talking to a local server).
export function originAllowed(origin: string, siteUrl: string, listed: readonly string[]): boolean {
  const o = originOf(origin);
  if (!o) return false; // "null", file://, garbage
  const site = originOf(siteUrl);
  if (o === site) return true;
  if (listed.some((l) => originOf(l) === o)) return true;
  return site !== null && isLoopbackHostname(new URL(site).hostname) && isLoopbackHostname(new URL(o).hostname);
}

// A site served on loopback answers only requests addressed to a loopback name: a rebound name (evil.example →
// 127.0.0.1) arrives with its own Host. A public site is reached through its own name and proxies: no check here.
export function hostAllowed(host: string | undefined, siteUrl: string): boolean {
  if (!siteOnLoopback(siteUrl)) return true;
  return host !== undefined && isLoopbackHostname(hostnameOfHostHeader(host));
}

// Asked on every MCP request with the one configured site URL: parsing it each time cost more than the check.
let lastSite: { url: string; loopback: boolean } | undefined;
function siteOnLoopback(siteUrl: string): boolean {
  if (lastSite?.url !== siteUrl) {
    const site = originOf(siteUrl);
    lastSite = { url: siteUrl, loopback: site !== null && isLoopbackHostname(new URL(site).hostname) };
  }
  return lastSite.loopback;
}
