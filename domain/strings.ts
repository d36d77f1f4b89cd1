// Linear-time helpers for text the crawled sites control. Some innocent-looking regular expressions take
// quadratic time on hostile input (/\/+$/ on a path of a million slashes, /<[^>]+>/g on a million "<",
// an e-mail pattern over "a.a.a.a…"), and crawls run in the server's process: one such page would stall it.

// `s` without the run of `ch` at its end (what s.replace(/\/+$/, '') does for ch = '/').
export function trimTrailing(s: string, ch: string): string {
  let end = s.length;
  while (end > 0 && s[end - 1] === ch) end--;
  return end === s.length ? s : s.slice(0, end);
}

// What s.replace(/<[^>]+>/g, replacement) gives: each "<…>" with at least one character inside is replaced.
export function stripTags(s: string, replacement = ' '): string {
  let out = '';
  let from = 0;
  let at = s.indexOf('<');
  while (at >= 0) {
    if (s[at + 1] === '>' || at + 1 >= s.length) {
      at = s.indexOf('<', at + 1);
      continue;
    }
    const close = s.indexOf('>', at + 1);
    if (close < 0) break; // no ">" after this point: no later "<" can close either
    out += s.slice(from, at) + replacement;
    from = close + 1;
    at = s.indexOf('<', from);
  }
  return from === 0 ? s : out + s.slice(from);
}

// RFC 5321 limits an address to 254 characters; anything longer is not one (and is not worth a regex).
export const EMAIL_MAX = 254;
const MAILBOX = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmailLike = (s: string) => s.length <= EMAIL_MAX && MAILBOX.test(s);

// E-mail addresses in running text. A match may only start where a run of address characters starts
// (the lookbehind), so each run is scanned once; the leading non-word characters a run may have are dropped,
// which gives the same addresses as /\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b/g.
const IN_TEXT = /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b/g;
export function emailsInText(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(IN_TEXT)) {
    const address = m[0].replace(/^[.%+-]+/, ''); // \b starts at the first word character ("_" is one)
    if (address.length <= EMAIL_MAX && !address.startsWith('@')) out.push(address);
  }
  return out;
}
