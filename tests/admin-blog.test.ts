import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCli } from './admin-cli-runner';
import { openDb } from '../storage/db';
import { getJson, startApp, type TestApp } from './harness';
import { admin } from './orders-helpers';

// Blog authoring with the operator CLI: Markdown files with front matter are imported by slug (re-import edits),
// a run with a bad file writes nothing, and the posts appear on /blog through the sanitising Markdown pipeline.
let dir: string;
let dbPath: string;

const cli = (...args: string[]) => runAdminCli({ DATABASE_PATH: dbPath }, args);

// The CLI's own SQLite file (DATABASE_PATH), read through the engine.
async function posts(): Promise<Array<{ slug: string; title: string; author: string; excerpt: string; tags: string; draft: number; published_at: string; body_markdown: string }>> {
  if (!existsSync(dbPath)) return [];
  const db = openDb(dbPath);
  try {
    return await db.engine.prepare('SELECT slug, title, author, excerpt, tags, draft, published_at, body_markdown FROM blog_posts ORDER BY slug').all();
  } finally {
    await db.engine.close();
  }
}

function write(path: string, text: string): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return path;
}

const post = (fields: string[], body = 'Some **text**.') => ['---', ...fields, '---', '', body, ''].join('\n');

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'admin-blog-'));
  dbPath = join(dir, 'blog.db');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Each run starts a fresh tsx process (a second or more on a busy machine), hence the generous timeout.
describe('blog commands of the admin CLI', { timeout: 120_000 }, () => {
  it('rejects bad usage with exit code 2 before touching the database', async () => {
    const runs = await Promise.all([cli('blog-import'), cli('blog-unpublish'), cli('blog-unpublish', 'Not A Slug'), cli('blog-list', 'extra'), cli('blog-import', '--force', 'x.md')]);
    for (const r of runs) {
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/Usage: npm run admin -- blog-/);
    }
    expect(existsSync(dbPath)).toBe(false);
  });

  it('imports a folder of Markdown files, reporting what it did with each', async () => {
    write(join(dir, 'posts', 'launch-checklist.md'), post(['title: Launch checklist', 'author: Jane Doe', 'date: 2026-01-10', 'excerpt: A plan.', 'tags: [launching, growth]']));
    write(join(dir, 'posts', 'pricing.md'), post(['title: "Pricing: a primer"', 'slug: pricing-primer', 'author: Sam', 'tags:', '  - pricing']));
    write(join(dir, 'posts', 'notes.txt'), 'not a post');
    const r = await cli('blog-import', join(dir, 'posts'));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/created\s+launch-checklist\s+\(.*launch-checklist\.md; published 2026-01-10\) \/blog\/launch-checklist/);
    expect(r.stdout).toMatch(/created\s+pricing-primer\s+\(.*pricing\.md; published \d{4}-\d{2}-\d{2}\)/);
    expect(r.stdout).toContain('2 files: 2 created, 0 updated, 0 unchanged.');
    expect(await posts()).toEqual([
      expect.objectContaining({ slug: 'launch-checklist', title: 'Launch checklist', author: 'Jane Doe', excerpt: 'A plan.', tags: '["launching","growth"]',
        draft: 0, published_at: '2026-01-10T00:00:00.000Z', body_markdown: 'Some **text**.' }),
      expect.objectContaining({ slug: 'pricing-primer', title: 'Pricing: a primer', tags: '["pricing"]', draft: 0 }),
    ]);
  });

  it('updates by slug on re-import and says which files did not change', async () => {
    // No date this time: an edit keeps the date the post has.
    write(join(dir, 'posts', 'launch-checklist.md'), post(['title: Launch checklist, revised', 'author: Jane Doe'], 'New text.'));
    const r = await cli('blog-import', join(dir, 'posts'));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/updated\s+launch-checklist/);
    expect(r.stdout).toMatch(/unchanged\s+pricing-primer/);
    expect(r.stdout).toContain('2 files: 0 created, 1 updated, 1 unchanged.');
    expect((await posts())[0]).toMatchObject({ title: 'Launch checklist, revised', body_markdown: 'New text.', excerpt: '', tags: '[]', published_at: '2026-01-10T00:00:00.000Z' });
  });

  it('refuses a run with a bad file, naming file, line and field, and writes none of the files', async () => {
    const batch = join(dir, 'batch');
    write(join(batch, 'a-good.md'), post(['title: Good and new', 'author: A']));
    write(join(batch, 'b-edit.md'), post(['title: Edited in a bad run', 'slug: pricing-primer', 'author: Sam']));
    write(join(batch, 'c-bad.md'), post(['title: Bad', 'author: B', 'draft: perhaps', 'titel: typo']));
    write(join(batch, 'd-no-title.md'), post(['author: C']));
    write(join(batch, 'e-same-slug.md'), post(['title: Twin', 'author: D', 'slug: a-good']));
    const before = await posts();
    const [r, missing] = await Promise.all([cli('blog-import', batch), cli('blog-import', join(dir, 'nowhere.md'))]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/c-bad\.md:4: draft must be true or false, not "perhaps"/);
    expect(r.stderr).toMatch(/c-bad\.md:5: titel is not a field of a blog post/);
    expect(r.stderr).toMatch(/d-no-title\.md: title is required/);
    expect(r.stderr).toMatch(/e-same-slug\.md: slug "a-good" is also the slug of .*a-good\.md/);
    expect(r.stderr).toContain('Nothing imported: 4 problems in the files.');
    expect(r.stdout).toBe('');
    expect(await posts()).toEqual(before);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/nowhere\.md: no such file or folder/);
  });

  it('lists every post with its state and unpublishes one', async () => {
    write(join(dir, 'more', 'draft.md'), post(['title: Work in progress', 'author: A', 'draft: true']));
    write(join(dir, 'more', 'later.md'), post(['title: Coming soon', 'author: A', 'date: 2099-01-05']));
    const imported = await cli('blog-import', join(dir, 'more'));
    expect(imported.stdout).toMatch(/created\s+draft\s+\(.*draft, not shown\)/);
    expect(imported.stdout).toMatch(/created\s+later\s+\(.*scheduled for 2099-01-05\)/);

    const un = await cli('blog-unpublish', 'launch-checklist');
    expect(un.code).toBe(0);
    expect(un.stdout).toContain('launch-checklist is unpublished');
    const [again, unknown, list] = await Promise.all([cli('blog-unpublish', 'launch-checklist'), cli('blog-unpublish', 'no-such-post'), cli('blog-list')]);
    expect(again.stdout).toContain('already a draft');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No blog post with the slug no-such-post');
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^scheduled\s+2099-01-05\s+later\s+Coming soon\s+\(A\)$/m);
    expect(list.stdout).toMatch(/^draft\s+\S+\s+draft\s+Work in progress/m);
    expect(list.stdout).toMatch(/^draft\s+2026-01-10\s+launch-checklist\s+Launch checklist, revised\s+\(Jane Doe\)$/m);
    expect(list.stdout).toMatch(/^published\s+\S+\s+pricing-primer\s+Pricing: a primer\s+\(Sam\)$/m);
  });
});

describe('imported posts on the site', () => {
  let app: TestApp;
  let files: string;
  beforeAll(async () => {
    app = await startApp({ demo: false });
    files = mkdtempSync(join(tmpdir(), 'blog-site-'));
  });
  afterAll(async () => {
    await app?.close();
    rmSync(files, { recursive: true, force: true });
  });
  const html = async (path: string) => {
    const res = await fetch(`${app.url}${path}`);
    return { status: res.status, text: await res.text() };
  };

  it('shows an imported post on /blog and /blog/<slug>, rendered and sanitised, and an edit after re-import', async () => {
    const file = write(join(files, 'first-post.md'), post(
      ['title: "First <post> & more"', 'author: Editor', 'date: 2026-11-01', 'excerpt: What we learned.', 'tags: [launching]'],
      '## Lessons\n\nShip **early**. <script>alert(1)</script> [bad](javascript:alert(1)) [good](https://example.com/)',
    ));
    expect(await admin(app, 'blog-import', file)).toBe(0);

    const list = await html('/blog');
    expect(list.status).toBe(200);
    expect(list.text).toContain('href="/blog/first-post"');
    expect(list.text).toContain('First &lt;post&gt; &amp; more');
    expect(list.text).toContain('What we learned.');

    const page = await html('/blog/first-post');
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<h2[^>]*>Lessons<\/h2>/);
    expect(page.text).toContain('<strong>early</strong>');
    expect(page.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.text).not.toContain('<script>alert(1)');
    expect(page.text).not.toMatch(/href="javascript:/i);
    expect(page.text).toContain('href="https://example.com/"');
    expect((await getJson(`${app.api}/blog/first-post`)).body).toMatchObject({ title: 'First <post> & more', tags: ['launching'], author: 'Editor' });

    write(file, post(['title: First post, edited', 'author: Editor', 'date: 2026-11-01'], 'Rewritten **today**.'));
    expect(await admin(app, 'blog-import', file)).toBe(0);
    const edited = await html('/blog/first-post');
    expect(edited.text).toContain('First post, edited');
    expect(edited.text).toContain('Rewritten <strong>today</strong>.');
    expect(edited.text).not.toContain('Lessons');
    expect((await html('/blog')).text).toContain('First post, edited');
  });

  it('hides drafts and unpublished posts from /blog, the API and the sitemap', async () => {
    const draft = write(join(files, 'secret-plan.md'), post(['title: Secret plan', 'author: Editor', 'date: 2026-11-02', 'draft: true']));
    expect(await admin(app, 'blog-import', draft)).toBe(0);
    expect((await html('/blog/secret-plan')).status).toBe(404);
    expect((await html('/blog')).text).not.toContain('Secret plan');

    expect(await admin(app, 'blog-unpublish', 'first-post')).toBe(0);
    expect((await html('/blog/first-post')).status).toBe(404);
    expect((await getJson(`${app.api}/blog`)).body.items).toEqual([]);
    expect((await html('/sitemap.xml')).text).not.toContain('/blog/first-post');

    // Publishing again is a re-import with draft: false.
    write(draft, post(['title: Secret plan', 'author: Editor', 'date: 2026-11-02', 'draft: false']));
    expect(await admin(app, 'blog-import', draft)).toBe(0);
    expect((await html('/blog/secret-plan')).status).toBe(200);
    expect((await html('/sitemap.xml')).text).toContain('/blog/secret-plan');
  });
});
