import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOGO_MAX_BYTES, sniffImage, sniffSvg } from './image-sniff';

// Real files written by Chromium's encoders (tests/fixtures/images), and hand-made broken and hostile ones.
const file = (name: string) => new Uint8Array(readFileSync(join(import.meta.dirname, '..', 'tests', 'fixtures', 'images', name)));
const text = (s: string) => new TextEncoder().encode(s);
const cat = (...parts: Array<Uint8Array | number[]>) => Uint8Array.from(parts.flatMap((p) => [...p]));

const png = file('logo-48x48.png');
const jpeg = file('logo-48x48.jpg');
const webpLossy = file('logo-48x48-vp8.webp');

// A PNG header claiming a size, with a real IDAT/IEND tail: only the header fields change.
function pngOfSize(width: number, height: number): Uint8Array {
  const b = png.slice();
  new DataView(b.buffer).setUint32(16, width);
  new DataView(b.buffer).setUint32(20, height);
  return b;
}

describe('sniffImage: real images are recognised with their size', () => {
  it.each([
    ['logo-48x48.png', 'png', 'image/png', 48, 48],
    ['icon-180x180.png', 'png', 'image/png', 180, 180],
    ['share-120x63.png', 'png', 'image/png', 120, 63],
    ['logo-48x48.jpg', 'jpeg', 'image/jpeg', 48, 48],
    ['logo-48x48-vp8.webp', 'webp', 'image/webp', 48, 48],
    ['logo-48x48-vp8l.webp', 'webp', 'image/webp', 48, 48],
    ['logo-40x30-vp8x.webp', 'webp', 'image/webp', 40, 30],
  ])('%s is %s (%s) %d×%d', (name, type, mediaType, width, height) => {
    const bytes = file(name);
    expect(sniffImage(bytes)).toEqual({ ok: true, type, mediaType, width, height, length: bytes.length });
  });

  it('bytes a server appended after the end of the image are not part of it', () => {
    for (const b of [png, jpeg, webpLossy]) {
      const r = sniffImage(cat(b, text('<script>alert(1)</script>')));
      expect(r).toMatchObject({ ok: true, length: b.length });
    }
  });
});

describe('sniffImage: what is refused, and why', () => {
  const html = text('<!doctype html><html><head><title>Not found</title></head><body>404</body></html>');
  it.each([
    ['empty', new Uint8Array(), /empty/],
    ['HTML served as image/png', html, /not a PNG, JPEG, WebP or SVG/],
    ['JSON', text('{"logo": "x"}'), /not a PNG, JPEG, WebP or SVG/],
    ['an ICO favicon', cat([0, 0, 1, 0, 1, 0, 16, 16], new Uint8Array(40)), /not a PNG, JPEG, WebP or SVG/],
    ['a GIF', cat(text('GIF89a'), [1, 0, 1, 0], new Uint8Array(20)), /not a PNG, JPEG, WebP or SVG/],
    ['PNG signature only', png.subarray(0, 8), /not a PNG/],
    ['PNG cut in its image data', png.subarray(0, png.length - 40), /truncated/],
    ['PNG without IEND', png.subarray(0, png.length - 12), /truncated/],
    ['PNG of width 0', pngOfSize(0, 48), /no size/],
    ['PNG of 5000 × 10', pngOfSize(5000, 10), /larger than 4096/],
    ['PNG of 100000 × 100000 (a decompression bomb)', pngOfSize(100_000, 100_000), /larger than 4096/],
    ['JPEG cut in its scan', jpeg.subarray(0, jpeg.length - 100), /truncated/],
    ['JPEG cut in a header segment', jpeg.subarray(0, 30), /truncated/],
    ['JPEG with no frame header', cat([0xff, 0xd8, 0xff, 0xda, 0, 2, 1, 2, 3, 0xff, 0xd9]), /no frame header/],
    ['JPEG with only SOI and EOI', cat([0xff, 0xd8, 0xff, 0xd9, 0, 0]), /no frame header/],
    ['WebP cut short', webpLossy.subarray(0, webpLossy.length - 50), /truncated/],
    ['WebP with an unknown first chunk', cat(text('RIFF'), [22, 0, 0, 0], text('WEBPABCD'), [10, 0, 0, 0], new Uint8Array(10)), /unknown first chunk/],
    ['over the byte cap', cat(png, new Uint8Array(LOGO_MAX_BYTES)), /larger than 512 KB/],
    ['invalid UTF-8 that is no image', Uint8Array.from([0xc3, 0x28, 0xa0, 0xa1]), /not a PNG, JPEG, WebP or SVG/],
  ])('%s', (_, bytes, reason) => {
    const r = sniffImage(bytes);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason).toMatch(reason);
  });

  it('the byte cap can be set lower', () => {
    expect(sniffImage(png, 1000)).toMatchObject({ ok: false, reason: expect.stringMatching(/larger than 1 KB/) });
  });
});

describe('sniffSvg', () => {
  const ok = (width: number, height: number) => expect.objectContaining({ ok: true, type: 'svg', width, height });
  it.each([
    ['<svg xmlns="http://www.w3.org/2000/svg" width="64" height="32"><rect width="64" height="32"/></svg>', ok(64, 32)],
    ['<svg xmlns="http://www.w3.org/2000/svg" width="64px" height="32px"></svg>', ok(64, 32)],
    ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40"><path d="M0 0h1"/></svg>\n', ok(120, 40)],
    ['<svg viewBox="0,0,10.5,20"></svg>', ok(10.5, 20)],
    ['<svg width="100%" height="100%" viewBox="0 0 24 24"></svg>', ok(24, 24)],
    ['\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- Generator: Illustrator -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg viewBox="0 0 8 8"></svg>', ok(8, 8)],
    ['<svg viewBox="0 0 10000 10000"></svg>', ok(10000, 10000)], // a drawing's units, not pixels
  ])('%s', (svg, expected) => {
    expect(sniffSvg(svg)).toEqual(expected);
  });

  it.each([
    ['<html><body><svg viewBox="0 0 1 1"></svg></body></html>', /not a PNG, JPEG, WebP or SVG/],
    ['<svg viewBox="0 0 24 24"><path d="M0 0h1"/>', /truncated/],
    ['<svg viewBox="0 0 24 24"/>', /empty/],
    ['<svg><rect/></svg>', /no size/],
    ['<svg viewBox="0 0 0 24"></svg>', /no size/],
    ['<svg width="0" height="0"></svg>', /no size/],
    ['<svg viewBox="0 0 1e9 1"></svg>', /larger than/],
    ['<!DOCTYPE svg [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><svg viewBox="0 0 1 1">&lol2;</svg>', /DOCTYPE or entities/],
    ['<svg viewBox="0 0 1 1"></svg><!DOCTYPE x>', /DOCTYPE or entities/],
    ['plain text', /not a PNG, JPEG, WebP or SVG/],
  ])('refuses %s', (svg, reason) => {
    const r = sniffImage(text(svg));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason).toMatch(reason);
  });

  // Quadratic reading would take minutes here; the test's own time limit is the check.
  it('reads a hostile start tag in time proportional to its length', () => {
    expect(sniffSvg(`<svg ${'a'.repeat(200_000)} ${'b="'.repeat(20_000)} viewBox="0 0 1 1"></svg>`)).toMatchObject({ ok: true, width: 1, height: 1 });
    expect(sniffSvg(`<svg ${'x'.repeat(300_000)}`)).toMatchObject({ ok: false });
    expect(sniffSvg(`<svg a=${'"'.repeat(300_000)}></svg>`)).toMatchObject({ ok: false });
  });

  it('a "__proto__" attribute is only an attribute', () => {
    expect(sniffSvg('<svg __proto__="x" viewBox="0 0 2 2"></svg>')).toEqual(ok(2, 2));
  });
});
