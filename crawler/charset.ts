// Bytes → text the way a browser would pick the encoding: byte-order mark, then the Content-Type
// charset, then a <meta charset> / http-equiv declaration near the top of an HTML page, then UTF-8.

export function parseContentType(header: string | undefined): { mediaType: string; charset: string | null } {
  if (!header) return { mediaType: '', charset: null };
  const [type, ...params] = header.split(';');
  let charset: string | null = null;
  for (const p of params) {
    const m = p.trim().match(/^charset\s*=\s*"?([^";\s]+)"?$/i);
    if (m) charset = m[1].toLowerCase();
  }
  return { mediaType: type.trim().toLowerCase(), charset };
}

function bomCharset(b: Uint8Array): { charset: string; skip: number } | null {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return { charset: 'utf-8', skip: 3 };
  if (b[0] === 0xfe && b[1] === 0xff) return { charset: 'utf-16be', skip: 2 };
  if (b[0] === 0xff && b[1] === 0xfe) return { charset: 'utf-16le', skip: 2 };
  return null;
}

// The HTML spec pre-scans the first 1024 bytes; pages in the wild put the tag a little later, so 4 KB.
export function metaCharset(b: Uint8Array): string | null {
  const head = Buffer.from(b.subarray(0, 4096)).toString('latin1');
  const m = head.match(/<meta\b[^>]*?\bcharset\s*=\s*["']?\s*([A-Za-z0-9_:.+-]+)/i);
  if (!m) return null;
  const label = m[1].toLowerCase();
  return label.startsWith('utf-16') ? 'utf-8' : label; // a meta tag cannot switch to UTF-16 (it would not be readable)
}

function decoderFor(label: string): TextDecoder | null {
  try {
    return new TextDecoder(label);
  } catch {
    return null; // unknown label
  }
}

// Node 20's TextDecoder decodes windows-1252 (also the label for iso-8859-1 and latin1) as ISO-8859-1,
// turning curly quotes and dashes into C1 control characters. Map 0x80–0x9F the way browsers do.
const CP1252 = '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';
const fixCp1252 = (s: string) => s.replace(/[\u0080-\u009f]/g, (c) => CP1252[c.charCodeAt(0) - 0x80]);

export function decodeBody(bytes: Uint8Array, headerCharset: string | null, isHtml: boolean): { text: string; charset: string } {
  const bom = bomCharset(bytes);
  const candidates = [bom?.charset, headerCharset, isHtml ? metaCharset(bytes) : null, 'utf-8'];
  for (const label of candidates) {
    if (!label) continue;
    const dec = decoderFor(label);
    if (!dec) continue;
    const text = dec.decode(bom && label === bom.charset ? bytes.subarray(bom.skip) : bytes);
    return { text: dec.encoding === 'windows-1252' ? fixCp1252(text) : text, charset: dec.encoding };
  }
  return { text: new TextDecoder().decode(bytes), charset: 'utf-8' };
}
