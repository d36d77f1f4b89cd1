import { createHash } from 'node:crypto';
import type { Evidence } from '../domain/evidence';
import { LOGO_MAX_BYTES, sniffImage, type ImageType } from '../domain/image-sniff';
import { sanitizeSvg } from '../domain/svg-sanitize';
import { SHARE_IMAGE_RANK } from './extract-page';
import { safeFetch, type SafeFetchOptions } from './safe-fetch';

// The logo a draft shows is a copy we checked, never a link to someone else's server: the candidates the pages name
// (best first) are fetched through the safe fetch, with a time limit and a byte cap, and the first whose bytes are a
// real PNG, JPEG or WebP, or an SVG that survives sanitising, is kept. Raster files are kept as served (up to the end
// of the image: bytes appended after it are dropped); no image library is installed to re-encode them, and the
// serving route's headers (nosniff, a sandboxing CSP) make sure they are only ever shown as images.

export type LogoCandidate = { url: string; evidence: Evidence[]; rank?: number };
export type VerifiedLogo = { type: ImageType; mediaType: string; bytes: Buffer; width: number; height: number };
export type CapturedLogo = VerifiedLogo & { id: string; sourceUrl: string; evidence: Evidence[] };
export type LogoRefusal = { url: string; reason: string };

// A share image (og:image) is a 1200 × 630 card on most sites: it stands in for a logo only when roughly square.
const SHARE_IMAGE_MAX_RATIO = 1.5;

export function verifyLogoBytes(bytes: Uint8Array): ({ ok: true } & VerifiedLogo) | { ok: false; reason: string } {
  const sniffed = sniffImage(bytes);
  if (!sniffed.ok) return sniffed;
  if (sniffed.type !== 'svg') {
    const { type, mediaType, width, height } = sniffed;
    return { ok: true, type, mediaType, width, height, bytes: Buffer.from(bytes.subarray(0, sniffed.length)) };
  }
  const clean = sanitizeSvg(new TextDecoder().decode(bytes));
  if (!clean.ok) return clean;
  const svg = Buffer.from(clean.svg, 'utf8');
  if (svg.length > LOGO_MAX_BYTES) return { ok: false, reason: 'the sanitised SVG is larger than the byte cap' };
  return { ok: true, type: 'svg', mediaType: sniffed.mediaType, width: clean.width, height: clean.height, bytes: svg };
}

export type CaptureOptions = {
  candidates: LogoCandidate[];
  fetch: Omit<SafeFetchOptions, 'accept' | 'maxBytes' | 'timeoutMs' | 'beforeRequest'>;
  beforeRequest?: SafeFetchOptions['beforeRequest']; // robots.txt, as for the pages
  requestTimeoutMs?: number; // per candidate (default 5 s)
  totalTimeoutMs?: number; // all candidates (default 15 s)
  maxCandidates?: number; // default 5
};

export async function captureLogo(o: CaptureOptions): Promise<{ logo: CapturedLogo | null; refused: LogoRefusal[] }> {
  const refused: LogoRefusal[] = [];
  const total = AbortSignal.timeout(o.totalTimeoutMs ?? 15_000);
  const signal = o.fetch.signal ? AbortSignal.any([o.fetch.signal, total]) : total;
  const seen = new Set<string>();
  for (const c of o.candidates) {
    if (seen.has(c.url)) continue;
    seen.add(c.url);
    if (seen.size > (o.maxCandidates ?? 5) || signal.aborted) break;
    try {
      const res = await safeFetch(c.url, {
        ...o.fetch, accept: 'any', maxBytes: LOGO_MAX_BYTES, timeoutMs: o.requestTimeoutMs ?? 5_000, beforeRequest: o.beforeRequest, signal,
      });
      if (res.status < 200 || res.status > 299) { refused.push({ url: c.url, reason: `HTTP ${res.status}` }); continue; }
      if (res.truncated) { refused.push({ url: c.url, reason: `the file is larger than ${LOGO_MAX_BYTES / 1024} KB` }); continue; }
      const v = verifyLogoBytes(res.body);
      if (!v.ok) { refused.push({ url: c.url, reason: v.reason }); continue; }
      if ((c.rank ?? 0) >= SHARE_IMAGE_RANK && Math.max(v.width, v.height) / Math.min(v.width, v.height) > SHARE_IMAGE_MAX_RATIO) {
        refused.push({ url: c.url, reason: `a ${v.width} × ${v.height} share image, not a logo` });
        continue;
      }
      const { ok: _, ...logo } = v;
      return { logo: { ...logo, id: createHash('sha256').update(v.bytes).digest('hex'), sourceUrl: res.url, evidence: c.evidence }, refused };
    } catch (e) {
      refused.push({ url: c.url, reason: (e as Error).message ?? String(e) });
    }
  }
  return { logo: null, refused };
}
