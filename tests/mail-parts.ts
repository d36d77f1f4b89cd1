// The text and HTML parts of a message as an SMTP receiver got it, decoded (quoted-printable or base64, UTF-8),
// so tests can assert on what a reader sees. Enough MIME for what nodemailer sends; not a general parser.
export type MailParts = { subject: string; text: string; html: string };

function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodePart(part: string): { type: string; body: string } {
  const split = part.search(/\r?\n\r?\n/);
  const headers = part.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = part.slice(split).replace(/^\r?\n\r?\n/, '').replace(/\r?\n$/, '');
  const type = /content-type:\s*([^;\s]+)/i.exec(headers)?.[1]?.toLowerCase() ?? 'text/plain';
  const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(headers)?.[1]?.toLowerCase() ?? '7bit';
  if (encoding === 'quoted-printable') return { type, body: decodeQuotedPrintable(body) };
  if (encoding === 'base64') return { type, body: Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') };
  return { type, body };
}

// RFC 2047 encoded words in the Subject (=?UTF-8?Q?…?= or =?UTF-8?B?…?=).
function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')));
}

export function mailParts(raw: string): MailParts {
  const headEnd = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, headEnd).replace(/\r?\n[ \t]+/g, ' ');
  const subject = decodeHeader(/^subject:\s*(.*)$/im.exec(head)?.[1] ?? '');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
  const parts = boundary
    ? raw.split(`--${boundary}`).slice(1, -1).map(decodePart)
    : [decodePart(raw)];
  return {
    subject,
    text: parts.find((p) => p.type === 'text/plain')?.body ?? '',
    html: parts.find((p) => p.type === 'text/html')?.body ?? '',
  };
}
