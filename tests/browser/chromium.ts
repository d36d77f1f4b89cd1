import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';

// Debian's Chromium, driven by playwright-core (no browser download). .ci/run installs the package; a developer
// machine without it skips the browser tests with this message, but CI (CI=true) fails instead of skipping.
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const LAUNCH_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
export const NO_BROWSER = `${CHROMIUM} is not installed (Debian package "chromium"; .ci/run installs it), so the browser tests are skipped`;

export async function launchChromium(): Promise<Browser | undefined> {
  if (!existsSync(CHROMIUM)) {
    if (process.env.CI) throw new Error(`${NO_BROWSER}; CI must run them.`);
    console.warn(NO_BROWSER);
    return undefined;
  }
  return chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
}

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 900 } as const;

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type AxeFinding = { id: string; impact: string | null; help: string; targets: string[] };

// axe-core run inside the page: WCAG 2.0–2.2 A/AA and best practices (target-size included). Returns the
// serious and critical findings only, each with the elements it names, so a failure message says where.
export async function seriousAxeFindings(page: Page): Promise<AxeFinding[]> {
  // Evaluated through the DevTools protocol, which the page's CSP (script-src 'self') does not govern.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
    return axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] }, resultTypes: ['violations'] });
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
}

// How far the page is wider than the viewport (0 = no horizontal scrolling), and the widest offenders.
export async function horizontalOverflow(page: Page): Promise<{ by: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const by = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - width;
    const culprits: string[] = [];
    if (by > 0) {
      for (const el of Array.from(document.querySelectorAll('body *'))) {
        const r = el.getBoundingClientRect();
        if (r.right > width + 1 && r.width > 0) {
          culprits.push(`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ').join('.')}` : ''} (right ${Math.round(r.right)})`);
          if (culprits.length >= 5) break;
        }
      }
    }
    return { by, culprits };
  });
}

// The smallest text size on the page in CSS pixels, for "readable without zoom" (nothing below 12 px).
export async function smallestTextPx(page: Page): Promise<{ px: number; where: string }> {
  return page.evaluate(() => {
    let px = Infinity;
    let where = '';
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent?.trim()) continue;
      const el = n.parentElement!;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || el.closest('.sr-only,.skip,.beacon')) continue;
      // SVG text is drawn at its font size times the drawing's scale on screen.
      const scale = el instanceof SVGGraphicsElement ? Math.abs(el.getScreenCTM()?.a ?? 1) : 1;
      const size = parseFloat(getComputedStyle(el).fontSize) * scale;
      if (size < px) {
        px = size;
        where = `${el.tagName.toLowerCase()}: ${n.textContent.trim().slice(0, 40)}`;
      }
    }
    return { px, where };
  });
}
