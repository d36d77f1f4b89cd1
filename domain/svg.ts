// Text that reaches SVG or an HTML attribute goes through here: hono/jsx does not cover hand-built markup.

// Characters XML 1.0 forbids outright (C0 controls except tab/newline/CR, lone surrogates, U+FFFE/FFFF).
// Escaping cannot make them legal, so they are dropped rather than breaking the document.
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

// Safe in XML/SVG text nodes and in single- or double-quoted attributes of XML and HTML alike.
export function escapeXml(value: string): string {
  return value.replace(FORBIDDEN, '').replace(/[&<>"']/g, (ch) => ENTITIES[ch]);
}

// The same rules serve HTML attributes; the alias says which context a call site is in.
export const escapeAttr = escapeXml;

// Shortens to at most `max` characters (code points, so emoji are not split), ending with an ellipsis.
export function truncate(value: string, max: number): string {
  const chars = Array.from(value.trim());
  if (chars.length <= max) return chars.join('');
  return `${chars.slice(0, Math.max(1, max - 1)).join('').trimEnd()}…`;
}
