import { graphemeCount, initials, monogramColours, nameHash } from '../../domain/monogram';
import { escapeXml } from '../../domain/svg';

// The stand-in logo of a product without one: its initials on its own colour (domain/monogram.ts), served by
// GET /logos/monogram/<slug>.svg. Pages link it with the name's hash in the query, so a renamed product gets a new
// URL at once and the drawing can be cached for a day.

const FONT = `system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif`;

export function monogramSvg(name: string, size = 64): string {
  const { background, text } = monogramColours(name);
  const letters = initials(name);
  const fontSize = Math.round(size * (graphemeCount(letters) > 1 ? 0.4 : 0.5));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" role="img" aria-label="${escapeXml(name)}">`
    + `<rect width="${size}" height="${size}" fill="${background}"/>`
    + `<text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-size="${fontSize}" font-weight="600" fill="${text}">${escapeXml(letters)}</text>`
    + '</svg>';
}

export const monogramPath = (slug: string, name: string) =>
  `/logos/monogram/${encodeURIComponent(slug)}.svg?v=${nameHash(name).toString(16).padStart(8, '0')}`;
