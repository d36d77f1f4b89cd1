import { describe, expect, it } from 'vitest';
import { extensionOfMediaType, isLogoFilePath, logoFileName, parseLogoFileName } from './logo-files';

const SHA = 'a'.repeat(64);

describe('logo file names', () => {
  it.each([
    ['png', `${SHA}.png`], ['jpeg', `${SHA}.jpg`], ['webp', `${SHA}.webp`], ['svg', `${SHA}.svg`],
  ] as const)('a %s is stored as %s', (type, name) => {
    expect(logoFileName(SHA, type)).toBe(name);
    expect(parseLogoFileName(name)).toEqual({ id: SHA, ext: name.split('.')[1] });
  });

  it.each([
    `${SHA}.gif`, `${SHA}.PNG`, `${'A'.repeat(64)}.png`, `${SHA.slice(1)}.png`, `${SHA}.png.html`, `../${SHA}.png`, 'monogram/kiln.svg', '',
  ])('%j is not a logo file', (name) => {
    expect(parseLogoFileName(name)).toBeNull();
    expect(isLogoFilePath(`/logos/${name}`)).toBe(false);
  });

  it('paths and media types', () => {
    expect(isLogoFilePath(`/logos/${SHA}.svg`)).toBe(true);
    expect(isLogoFilePath(`/other/${SHA}.svg`)).toBe(false);
    expect(extensionOfMediaType('image/jpeg')).toBe('jpg');
    expect(extensionOfMediaType('text/html')).toBeNull();
  });
});
