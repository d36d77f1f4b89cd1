// Front matter of a Markdown file: the block between a first line "---" and the next "---" line, in a small,
// well-defined subset of YAML. Written here rather than taken from a YAML library because none is a dependency of
// the project, and the subset lets every refusal name its line:
//
//   key: plain text            a string: the rest of the line, trimmed (" #…" after a space starts a comment)
//   key: "double quoted"       a string with JSON escapes (\" \\ \n \t \uXXXX)
//   key: 'single quoted'       a string; '' is one quote
//   key: [a, "b, c", 'd']      a list of strings
//   key:                       a list of strings, one per following line written "  - item"
//     - item                   (with no item lines, "key:" is empty text)
//   # comment, blank lines     ignored
//
// Anything else (nested maps, block scalars | and >, anchors, a repeated key) is refused with its line number.
// Values are strings or lists of strings; what a field means (a date, true/false) is for its reader to decide.

export type FrontMatterValue = string | string[];
export type FrontMatter = { data: Record<string, FrontMatterValue>; body: string; lines: Record<string, number> };
export type FrontMatterResult = { ok: true; value: FrontMatter } | { ok: false; line: number; field: string | null; message: string };

const KEY = /^([A-Za-z_][A-Za-z0-9_-]*):(?:\s+(.*))?$/;
const FENCE = /^---\s*$/;

type Scalar = { ok: true; value: string; rest: string } | { ok: false; message: string };

// One quoted or plain scalar at the start of `s`; `stop` are the characters that end a plain scalar (flow lists).
function scalar(s: string, stop: string): Scalar {
  if (s.startsWith('"')) {
    let i = 1;
    while (i < s.length && s[i] !== '"') i += s[i] === '\\' ? 2 : 1;
    if (i >= s.length) return { ok: false, message: 'has a double quote that is never closed' };
    try {
      return { ok: true, value: JSON.parse(s.slice(0, i + 1)) as string, rest: s.slice(i + 1) };
    } catch {
      return { ok: false, message: 'has an escape that is not valid in double quotes (use \\" \\\\ \\n \\t or \\uXXXX)' };
    }
  }
  if (s.startsWith("'")) {
    let out = '';
    for (let i = 1; i < s.length; i++) {
      if (s[i] !== "'") out += s[i];
      else if (s[i + 1] === "'") { out += "'"; i++; }
      else return { ok: true, value: out, rest: s.slice(i + 1) };
    }
    return { ok: false, message: 'has a single quote that is never closed' };
  }
  let end = 0;
  while (end < s.length && !stop.includes(s[end]) && !(s[end] === '#' && (end === 0 || /\s/.test(s[end - 1])))) end++;
  return { ok: true, value: s.slice(0, end).trim(), rest: s.slice(end) };
}

type Parsed = { ok: true; value: FrontMatterValue } | { ok: false; message: string };

function afterValue(rest: string): string | null {
  const r = rest.trim();
  return r === '' || r.startsWith('#') ? null : r;
}

function flowList(s: string): Parsed {
  const items: string[] = [];
  let rest = s.slice(1).trimStart();
  if (rest.startsWith(']')) return afterValue(rest.slice(1)) ? { ok: false, message: 'has text after the closing ]' } : { ok: true, value: items };
  for (;;) {
    const item = scalar(rest.trimStart(), ',]');
    if (!item.ok) return item;
    if (!item.value) return { ok: false, message: 'has an empty item in its [ … ] list' };
    items.push(item.value);
    rest = item.rest.trimStart();
    if (rest.startsWith(',')) { rest = rest.slice(1); continue; }
    if (rest.startsWith(']')) {
      return afterValue(rest.slice(1)) ? { ok: false, message: 'has text after the closing ]' } : { ok: true, value: items };
    }
    return { ok: false, message: 'has a [ list without its closing ]' };
  }
}

function inlineValue(raw: string): Parsed {
  const s = raw.trim();
  if (/^[|>][+-]?\d*$/.test(s)) return { ok: false, message: 'uses a block scalar (| or >), which is not supported: write the value on one line' };
  if (/^[&*!{]/.test(s)) return { ok: false, message: 'uses YAML that is not supported here (anchors, tags or { } maps): write plain text, a quoted string or a [ … ] list' };
  if (s.startsWith('[')) return flowList(s);
  const v = scalar(s, '');
  if (!v.ok) return v;
  return afterValue(v.rest) ? { ok: false, message: 'has text after its closing quote' } : { ok: true, value: v.value };
}

export function parseFrontMatter(source: string): FrontMatterResult {
  const text = source.replace(/^\uFEFF/, '');
  const all = text.split(/\r?\n/);
  if (!FENCE.test(all[0] ?? '')) return { ok: false, line: 1, field: null, message: 'must start with a front matter block: a first line "---", then "key: value" lines, then a "---" line' };
  const end = all.findIndex((l, i) => i > 0 && FENCE.test(l));
  if (end < 0) return { ok: false, line: 1, field: null, message: 'has a front matter block that is never closed: add a "---" line after the last field' };

  const data: Record<string, FrontMatterValue> = {};
  const lines: Record<string, number> = {};
  let listKey: string | null = null; // the key whose "- item" lines follow
  const blockKeys: string[] = []; // "key:" with nothing after it: a list if items follow, else empty text
  for (let i = 1; i < end; i++) {
    const lineNo = i + 1;
    const line = all[i];
    if (/^\s*(#.*)?$/.test(line)) continue;
    if (line.includes('\t')) return { ok: false, line: lineNo, field: listKey, message: 'contains a tab: indent with spaces' };
    const item = /^\s+-(?:\s+(.*))?$/.exec(line) ?? /^-(?:\s+(.*))?$/.exec(line);
    if (item) {
      if (!listKey) return { ok: false, line: lineNo, field: null, message: 'is a "- item" line that belongs to no "key:" line' };
      const v = inlineValue(item[1] ?? '');
      if (!v.ok) return { ok: false, line: lineNo, field: listKey, message: v.message };
      if (typeof v.value !== 'string' || !v.value) return { ok: false, line: lineNo, field: listKey, message: 'has a list item that is empty or itself a list' };
      (data[listKey] as string[]).push(v.value);
      continue;
    }
    const m = KEY.exec(line);
    if (!m) {
      return { ok: false, line: lineNo, field: null, message: /^\s/.test(line)
        ? 'is indented but is not a "- item" of a list (nested maps are not supported)'
        : 'is not a "key: value" line' };
    }
    const key = m[1];
    if (Object.hasOwn(data, key)) return { ok: false, line: lineNo, field: key, message: `repeats ${key} (first on line ${lines[key]})` };
    lines[key] = lineNo;
    if (m[2] === undefined || m[2].trim() === '' || m[2].trim().startsWith('#')) {
      data[key] = [];
      listKey = key;
      blockKeys.push(key);
      continue;
    }
    listKey = null;
    const v = inlineValue(m[2]);
    if (!v.ok) return { ok: false, line: lineNo, field: key, message: v.message };
    data[key] = v.value;
  }
  for (const key of blockKeys) if ((data[key] as string[]).length === 0) data[key] = '';
  return { ok: true, value: { data, lines, body: all.slice(end + 1).join('\n') } };
}
