import type { Child } from 'hono/jsx';

// Every <pre> on the site goes through here. Code samples scroll sideways when a line is longer than the
// page is wide, and a scrolling box that holds nothing focusable cannot be scrolled from the keyboard
// (WCAG 2.1.1; axe: scrollable-region-focusable). So the block itself is a tab stop, announced as a
// region named after what it holds; site/styles.ts draws its focus ring.
export function CodeBlock(props: { label: string; children?: Child }) {
  return <pre tabindex={0} role="region" aria-label={props.label}><code>{props.children}</code></pre>;
}
