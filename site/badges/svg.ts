import { SHAPE_BOX, badgeDimensions, type BadgeKind, type BadgeMode, type BadgeShape, type BadgeStyle } from '../../domain/badges';
import { escapeXml, truncate } from '../../domain/svg';
import { ACCENT, emblem, round } from './emblems';

// Pure badge rendering (no I/O): everything user-written is escaped with escapeXml before it enters the markup.

export type BadgeArt = {
  kind: BadgeKind;
  caption: string; // e.g. "Launched on"
  siteName: string;
  listingName: string;
  week: string | null; // award week, shown next to the listing name
  style: BadgeStyle;
};

type Palette = { bg: string; border: string; fg: string; muted: string };
const LIGHT: Palette = { bg: '#ffffff', border: '#d8dee8', fg: '#0f172a', muted: '#5b6678' };
const DARK: Palette = { bg: '#111827', border: '#374151', fg: '#f8fafc', muted: '#a3adbd' };

const FONT = `system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif`;

// Every shape paints its own background, the outline shape included: text is only legible against a colour the
// badge controls. A see-through badge in `auto` mode drew light text on whatever the host page was, e.g. white
// text on a light page for a visitor whose system is dark. The outline keeps its accent stroke (an attribute,
// which a CSS stroke would override).
function rules(p: Palette, outline: boolean): string {
  const bg = outline ? `fill:${p.bg}` : `fill:${p.bg};stroke:${p.border}`;
  return `.bg{${bg}}.fg{fill:${p.fg}}.mu{fill:${p.muted}}`;
}

// `auto` follows the viewer's colour scheme (background and text switch together); `light` and `dark` are fixed.
function stylesheet(mode: BadgeMode, outline: boolean): string {
  const base = `text{font-family:${FONT}}`;
  if (mode === 'light') return base + rules(LIGHT, outline);
  if (mode === 'dark') return base + rules(DARK, outline);
  return `${base}${rules(LIGHT, outline)}@media (prefers-color-scheme: dark){${rules(DARK, outline)}}`;
}

// Text with no font metrics at hand: if the estimate overflows, squeeze it into the room available.
// Average glyph widths are rough (em fractions): capitals are wider, bold wider still.
function text(value: string, a: { x: number; y: number; size: number; room: number; cls: string; weight?: number; anchor?: string; spacing?: number; caps?: boolean }): string {
  const n = Array.from(value).length;
  const em = a.caps ? 0.72 : a.weight && a.weight >= 700 ? 0.62 : 0.56;
  const estimate = n * (a.size * em + (a.spacing ?? 0));
  const fit = estimate > a.room ? ` textLength="${round(a.room)}" lengthAdjust="spacingAndGlyphs"` : '';
  const anchor = a.anchor ? ` text-anchor="${a.anchor}"` : '';
  const weight = a.weight ? ` font-weight="${a.weight}"` : '';
  const spacing = a.spacing ? ` letter-spacing="${a.spacing}"` : '';
  return `<text x="${round(a.x)}" y="${round(a.y)}" font-size="${round(a.size)}"${weight}${anchor}${spacing}${fit} class="${a.cls}">${escapeXml(value)}</text>`;
}

function frame(shape: BadgeShape, kind: BadgeKind, w: number, h: number): string {
  if (shape === 'outline') {
    return `<rect class="bg" x="1" y="1" width="${w - 2}" height="${h - 2}" rx="10" stroke="${ACCENT[kind]}" stroke-width="2"/>`;
  }
  const rx = shape === 'pill' ? h / 2 : shape === 'square' ? 16 : 10;
  return `<rect class="bg" x="0.5" y="0.5" width="${w - 1}" height="${h - 1}" rx="${rx - 0.5}" stroke-width="1"/>`;
}

function body(art: BadgeArt, w: number, h: number): string {
  const { kind, style } = art;
  const caption = art.caption.toUpperCase();
  const week = art.week ? `week of ${art.week}` : '';
  if (style.shape === 'square') {
    const room = w - 16;
    const mid = { x: w / 2, anchor: 'middle', room };
    return emblem(kind, w / 2, art.week ? 32 : 36, 20)
      + text(caption, { ...mid, y: art.week ? 70 : 76, size: 9, cls: 'mu', weight: 600, spacing: 0.3, caps: true })
      + text(truncate(art.siteName, 24), { ...mid, y: art.week ? 92 : 99, size: 16, cls: 'fg', weight: 700 })
      + text(truncate(art.listingName, 28), { ...mid, y: art.week ? 113 : 122, size: 11, cls: 'mu' })
      + (week ? text(week, { ...mid, y: 131, size: 10, cls: 'mu' }) : '');
  }
  const listingLine = week ? `${truncate(art.listingName, 28)} · ${week}` : truncate(art.listingName, 40);
  const r = round(h * 0.3);
  const cx = (style.shape === 'pill' ? h / 2 : 12 + r);
  const x = cx + r + 12;
  const room = w - x - (style.shape === 'pill' ? h / 3 : 12);
  return emblem(kind, cx, h / 2, r)
    + text(caption, { x, y: h * 0.32, size: h * 0.145, room, cls: 'mu', weight: 600, spacing: 0.4, caps: true })
    + text(truncate(art.siteName, 32), { x, y: h * 0.62, size: h * 0.27, room, cls: 'fg', weight: 700 })
    + text(listingLine, { x, y: h * 0.86, size: h * 0.16, room, cls: 'mu' });
}

// One complete SVG document for a badge kind in one style.
export function renderBadgeSvg(art: BadgeArt): string {
  const box = SHAPE_BOX[art.style.shape];
  const { width, height } = badgeDimensions(art.style.shape, art.style.size);
  const title = `${art.listingName} – ${art.caption} ${art.siteName}${art.week ? ` (week of ${art.week})` : ''}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${box.width} ${box.height}" `
    + `role="img" aria-label="${escapeXml(title)}">`
    + `<title>${escapeXml(title)}</title>`
    + `<style>${stylesheet(art.style.mode, art.style.shape === 'outline')}</style>`
    + frame(art.style.shape, art.kind, box.width, box.height)
    + body(art, box.width, box.height)
    + '</svg>';
}
