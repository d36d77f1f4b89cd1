import { externalHref, hostOf } from '../safe-url';

const PLATFORM_NAMES: Record<string, string> = {
  linkedin: 'LinkedIn', x: 'X', facebook: 'Facebook', instagram: 'Instagram', tiktok: 'TikTok', youtube: 'YouTube',
  threads: 'Threads', pinterest: 'Pinterest', github: 'GitHub', reddit: 'Reddit', producthunt: 'Product Hunt',
  medium: 'Medium', website: 'Website', custom: 'Link',
};

// Social links: only http(s) links become anchors; they open the other site as an untrusted external link.
export function Socials(props: { socials: Record<string, string>; heading?: string }) {
  const entries = Object.entries(props.socials ?? {}).flatMap(([platform, link]) => {
    const href = externalHref(link);
    return href ? [[platform, href] as const] : [];
  });
  if (!entries.length) return null;
  return (
    <section aria-labelledby="socials">
      <h2 id="socials">{props.heading ?? 'Elsewhere'}</h2>
      <ul class="inline-list">
        {entries.map(([platform, href]) => (
          <li><a href={href} rel="nofollow noopener ugc" title={hostOf(href)}>{PLATFORM_NAMES[platform] ?? platform}</a></li>
        ))}
      </ul>
    </section>
  );
}
