import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { blogPostFromSource, type BlogPostDraft } from '../domain/blog-post-source';

// The files `npm run admin -- blog-import` reads: each path is a Markdown file or a folder of them (its *.md and
// *.markdown files, not its subfolders). Every file is read and checked before anything is written, so a run
// with one bad file imports none; each problem names its file, line and field.

export type BlogFile = { file: string; post: BlogPostDraft };
export type BlogFilesResult = { files: BlogFile[]; problems: string[] };

const MARKDOWN = /\.(md|markdown)$/i;
const shown = (path: string) => relative(process.cwd(), path) || path;

function filesOf(path: string, problems: string[]): string[] {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    problems.push(`${shown(path)}: no such file or folder`);
    return [];
  }
  if (stat.isDirectory()) {
    const found = readdirSync(path, { withFileTypes: true })
      .filter((d) => d.isFile() && MARKDOWN.test(d.name) && !d.name.startsWith('.'))
      .map((d) => join(path, d.name)).sort();
    if (!found.length) problems.push(`${shown(path)}: the folder has no .md files`);
    return found;
  }
  if (!MARKDOWN.test(path)) {
    problems.push(`${shown(path)}: not a Markdown file (the name must end in .md or .markdown)`);
    return [];
  }
  return [path];
}

export function readBlogFiles(paths: string[]): BlogFilesResult {
  const problems: string[] = [];
  const all = [...new Set(paths.flatMap((p) => filesOf(resolve(p), problems)))];
  const files: BlogFile[] = [];
  const fileOfSlug = new Map<string, string>();
  for (const path of all) {
    const file = shown(path);
    let source: string;
    try {
      source = readFileSync(path, 'utf8');
    } catch (e) {
      problems.push(`${file}: cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
      continue;
    }
    const r = blogPostFromSource(source, path);
    if (!r.ok) {
      for (const p of r.problems) problems.push(`${file}${p.line ? `:${p.line}` : ''}: ${p.field} ${p.message}`);
      continue;
    }
    const other = fileOfSlug.get(r.post.slug);
    if (other) {
      problems.push(`${file}: slug "${r.post.slug}" is also the slug of ${other}: each post needs its own`);
      continue;
    }
    fileOfSlug.set(r.post.slug, file);
    files.push({ file, post: r.post });
  }
  return { files, problems };
}
