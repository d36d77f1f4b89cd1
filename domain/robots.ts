// robots.txt per RFC 9309: groups of user-agent lines followed by allow/disallow rules; the group
// naming our product token applies (all such groups merged), else the `*` groups; the longest
// matching rule wins and allow wins a tie; `*` matches any sequence and a trailing `$` anchors the end.

export type RobotsRule = { allow: boolean; pattern: string };
export type RobotsGroup = { agents: string[]; rules: RobotsRule[]; crawlDelay?: number };
export type RobotsFile = { groups: RobotsGroup[]; sitemaps: string[] };

// Percent-encode what must be encoded and normalise existing escapes (uppercase hex, decoded
// unreserved characters) so a rule and a URL path compare octet by octet.
export function normalisePath(p: string): string {
  let out = '';
  const bytes = new TextEncoder().encode(p);
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 0x25 && i + 2 < bytes.length && /^[0-9a-fA-F]{2}$/.test(String.fromCharCode(bytes[i + 1], bytes[i + 2]))) {
      const code = parseInt(String.fromCharCode(bytes[i + 1], bytes[i + 2]), 16);
      const ch = String.fromCharCode(code);
      out += /[A-Za-z0-9\-._~]/.test(ch) ? ch : `%${code.toString(16).toUpperCase().padStart(2, '0')}`;
      i += 2;
    } else if (b < 0x21 || b > 0x7e) {
      out += `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    } else {
      out += String.fromCharCode(b);
    }
  }
  return out;
}

// Rules are written by the sites we crawl. Compiled to regular expressions, a rule such as
// `Disallow: /*a*a*a*a*a*a*a*b` backtracks for minutes on a short path and blocks the whole process. A `*`-only
// glob is matched instead by finding each literal piece at its leftmost place after the previous one: the same
// answers in time linear in the path.
export function patternMatches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const pieces = (anchored ? pattern.slice(0, -1) : pattern).split('*');
  const first = pieces[0];
  if (!path.startsWith(first)) return false;
  if (pieces.length === 1) return !anchored || path.length === first.length;
  let pos = first.length;
  for (let i = 1; i < pieces.length - 1; i++) {
    const at = path.indexOf(pieces[i], pos);
    if (at < 0) return false;
    pos = at + pieces[i].length;
  }
  const last = pieces[pieces.length - 1];
  return anchored ? path.length - last.length >= pos && path.endsWith(last) : path.indexOf(last, pos) >= 0;
}

export function parseRobots(text: string): RobotsFile {
  const groups: RobotsGroup[] = [];
  const sitemaps: string[] = [];
  let current: RobotsGroup | null = null;
  let lastWasAgent = false;
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    const m = line.match(/^([A-Za-z-]+)\s*:\s*(.*)$/);
    if (!m) continue;
    const key = m[1].toLowerCase();
    const value = m[2].trim();
    if (key === 'user-agent') {
      if (!current || !lastWasAgent) groups.push((current = { agents: [], rules: [] }));
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
    } else if (key === 'allow' || key === 'disallow') {
      lastWasAgent = false;
      if (!current) continue; // rules before any user-agent line belong to no group
      if (value === '') continue; // an empty rule matches nothing
      const pattern = normalisePath(value);
      current.rules.push({ allow: key === 'allow', pattern });
    } else {
      lastWasAgent = false; // sitemap and other records end a run of user-agent lines too
      // Not in RFC 9309, but widely written: Sitemap (global) and Crawl-delay (per group, in seconds).
      if (key === 'sitemap' && value && sitemaps.length < 20) sitemaps.push(value);
      if (key === 'crawl-delay' && current && /^\d{1,6}(\.\d{1,3})?$/.test(value)) current.crawlDelay = Number(value);
    }
  }
  return { groups, sitemaps };
}

// The Crawl-delay that applies to our product token (its own groups, else *), in seconds; null when none is set.
export function crawlDelayFor(file: RobotsFile, productToken: string): number | null {
  const token = productToken.toLowerCase();
  const mine = file.groups.filter((g) => g.agents.some((a) => tokenOf(a) === token));
  const chosen = mine.length ? mine : file.groups.filter((g) => g.agents.some((a) => tokenOf(a) === '*'));
  const delays = chosen.map((g) => g.crawlDelay).filter((d): d is number => d !== undefined);
  return delays.length ? Math.max(...delays) : null;
}

// The product token a user-agent line names ("LaunchDirectoryBot/1.0" → "launchdirectorybot").
const tokenOf = (agent: string) => agent.trim().toLowerCase().match(/^[a-z_-]+|^\*/)?.[0] ?? '';

export function rulesFor(file: RobotsFile, productToken: string): RobotsRule[] {
  const token = productToken.toLowerCase();
  const mine = file.groups.filter((g) => g.agents.some((a) => tokenOf(a) === token));
  const chosen = mine.length ? mine : file.groups.filter((g) => g.agents.some((a) => tokenOf(a) === '*'));
  return chosen.flatMap((g) => g.rules);
}

// Is this path (with its query) allowed for our product token?
export function isAllowed(file: RobotsFile, productToken: string, pathAndQuery: string): boolean {
  const path = normalisePath(pathAndQuery || '/');
  if (path === '/robots.txt') return true;
  let best: RobotsRule | null = null;
  for (const rule of rulesFor(file, productToken)) {
    if (!patternMatches(rule.pattern, path)) continue;
    if (!best || rule.pattern.length > best.pattern.length || (rule.pattern.length === best.pattern.length && rule.allow)) best = rule;
  }
  return best ? best.allow : true;
}
