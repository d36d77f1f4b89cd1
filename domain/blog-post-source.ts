import { parseFrontMatter, type FrontMatterValue } from './front-matter';
import { isRealDate } from './weeks';

// A blog post written as a Markdown file with front matter (see README, "Blog posts"): which fields it takes,
// what each must look like, and the post it describes. Every refusal names the field, so the operator can fix it.
//
//   title        required, 1–200 characters
//   slug         optional; default: the file name without .md. Lowercase letters, digits, hyphens (max 220)
//   date         optional (alias published_at): YYYY-MM-DD (00:00 UTC) or an ISO date-time with Z or an offset.
//                A later date schedules the post. Without one, a new post is dated now and an edit keeps its date.
//   author       required, 1–100 characters
//   excerpt      optional (alias description), up to 300 characters: the summary under the title in lists
//   tags         optional list, at most 10 tags of 1–40 characters: [a, b] or "- a" lines
//   draft        optional true/false (default false): a draft is stored but not shown

export type BlogPostDraft = {
  slug: string; title: string; author: string; excerpt: string; tags: string[]; bodyMarkdown: string;
  publishedAt: string | null; draft: boolean;
};
export type SourceProblem = { field: string; line: number | null; message: string };
export type BlogSourceResult = { ok: true; post: BlogPostDraft } | { ok: false; problems: SourceProblem[] };

// The same rule as the slug of get_blog_post (tools/schemas.ts SLUG_PATTERN): a post must be reachable by its slug.
export const BLOG_SLUG = /^[a-z0-9][a-z0-9-]{0,219}$/;
export const BLOG_FIELDS = ['title', 'slug', 'date', 'published_at', 'author', 'excerpt', 'description', 'tags', 'draft'] as const;
const BODY_MAX = 200_000;

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

// A date as the stored form (ISO UTC with milliseconds), or null when it is not a real date.
export function publishedAtOf(value: string): string | null {
  if (isRealDate(value)) return `${value}T00:00:00.000Z`;
  if (!DATE_TIME.test(value)) return null;
  const t = Date.parse(value);
  return Number.isNaN(t) || !isRealDate(value.slice(0, 10)) ? null : new Date(t).toISOString();
}

// The slug a file name suggests: "2026-launch-checklist.md" → "2026-launch-checklist".
export const slugFromFileName = (name: string) => name.replace(/^.*[\\/]/, '').replace(/\.(md|markdown)$/i, '');

export function blogPostFromSource(source: string, fileName: string): BlogSourceResult {
  const fm = parseFrontMatter(source);
  if (!fm.ok) {
    // A problem of the block as a whole is the file's; one of a line that names no field is that line's.
    const field = fm.field ?? (/^(must start|has a front matter block)/.test(fm.message) ? 'file' : `line ${fm.line}`);
    return { ok: false, problems: [{ field, line: fm.line, message: fm.message }] };
  }
  const { data, lines, body } = fm.value;
  const problems: SourceProblem[] = [];
  const fail = (field: string, message: string) => problems.push({ field, line: lines[field] ?? null, message });

  for (const key of Object.keys(data)) {
    if (!(BLOG_FIELDS as readonly string[]).includes(key)) fail(key, `is not a field of a blog post (fields: ${BLOG_FIELDS.join(', ')})`);
  }
  const text = (field: string, v: FrontMatterValue | undefined): string | undefined => {
    if (v === undefined) return undefined;
    if (typeof v !== 'string') { fail(field, 'must be text, not a list'); return undefined; }
    return v;
  };
  // One of two names for the same field (date / published_at, excerpt / description).
  const either = (a: string, b: string): [string, string | undefined] => {
    if (data[a] !== undefined && data[b] !== undefined) fail(b, `and ${a} are the same field: give only one`);
    return data[a] !== undefined ? [a, text(a, data[a])] : [b, text(b, data[b])];
  };
  const bounded = (field: string, v: string | undefined, min: number, max: number): string => {
    const t = (v ?? '').trim();
    if (t.length < min) fail(field, v === undefined ? 'is required' : 'is empty');
    else if (t.length > max) fail(field, `must have at most ${max} characters (it has ${t.length})`);
    return t;
  };

  const title = bounded('title', text('title', data.title), 1, 200);
  const author = bounded('author', text('author', data.author), 1, 100);
  const [excerptField, excerptRaw] = either('excerpt', 'description');
  const excerpt = bounded(excerptField, excerptRaw ?? '', 0, 300);

  const slugRaw = text('slug', data.slug);
  const slug = slugRaw !== undefined ? slugRaw.trim() : slugFromFileName(fileName);
  if (!BLOG_SLUG.test(slug)) {
    fail('slug', slugRaw !== undefined
      ? `"${slug}" must be lowercase letters, digits and hyphens, starting with a letter or digit (max 220)`
      : `is missing and the file name "${slug}" is not a valid slug: add a slug field (lowercase letters, digits and hyphens)`);
  }

  const [dateField, dateRaw] = either('date', 'published_at');
  let publishedAt: string | null = null;
  if (dateRaw !== undefined) {
    publishedAt = publishedAtOf(dateRaw.trim());
    if (!publishedAt) fail(dateField, `"${dateRaw}" must be a date as YYYY-MM-DD or an ISO date-time such as 2026-11-10T09:00:00Z`);
  }

  let tags: string[] = [];
  const rawTags = data.tags;
  if (rawTags !== undefined) {
    tags = (typeof rawTags === 'string' ? (rawTags.trim() ? [rawTags] : []) : rawTags).map((t) => t.trim());
    const seen = new Set<string>();
    if (tags.length > 10) fail('tags', `must have at most 10 tags (it has ${tags.length})`);
    for (const t of tags) {
      if (!t || t.length > 40) fail('tags', `"${t}" must have 1 to 40 characters`);
      else if (seen.has(t.toLowerCase())) fail('tags', `repeats "${t}"`);
      seen.add(t.toLowerCase());
    }
  }

  let draft = false;
  const rawDraft = text('draft', data.draft);
  if (rawDraft !== undefined) {
    if (!/^(true|false)$/i.test(rawDraft.trim())) fail('draft', `must be true or false, not "${rawDraft}"`);
    draft = /^true$/i.test(rawDraft.trim());
  }

  const bodyMarkdown = body.replace(/^\s*\n/, '').replace(/\s+$/, '');
  if (!bodyMarkdown.trim()) problems.push({ field: 'body', line: null, message: 'is empty: write the post below the closing "---"' });
  else if (bodyMarkdown.length > BODY_MAX) problems.push({ field: 'body', line: null, message: `must have at most ${BODY_MAX} characters (it has ${bodyMarkdown.length})` });

  if (problems.length) return { ok: false, problems };
  return { ok: true, post: { slug, title, author, excerpt, tags, bodyMarkdown, publishedAt, draft } };
}
