// CSV as exported by spreadsheets and SEO tools (RFC 4180): comma separated, optional header row, fields in
// double quotes may contain commas, newlines and doubled quotes (""). A UTF-8 byte order mark is ignored.

export class CsvError extends Error {
  constructor(readonly line: number, message: string) {
    super(`line ${line}: ${message}`);
  }
}

export type CsvRow = { line: number; fields: string[] }; // line = physical line where the record starts (1-based)

export function parseCsv(text: string): CsvRow[] {
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: CsvRow[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false; // inside a quoted field
  let wasQuoted = false; // the current field was quoted
  let rowHadQuotes = false; // so a line holding only `""` is a record, not a blank line
  let line = 1;
  let start = 1;
  const endField = () => { fields.push(field); field = ''; wasQuoted = false; };
  const endRow = () => {
    endField();
    // A blank line is no record.
    if (!(fields.length === 1 && fields[0] === '' && !rowHadQuotes)) rows.push({ line: start, fields });
    fields = [];
    rowHadQuotes = false;
  };

  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quoted) {
      if (c === '"') {
        if (s[i + 1] === '"') { field += '"'; i++; }
        else {
          quoted = false;
          const after = s[i + 1];
          if (after !== undefined && after !== ',' && after !== '\n' && after !== '\r') throw new CsvError(line, 'unexpected text after a closing quote');
        }
      } else {
        if (c === '\n') line++;
        field += c;
      }
      continue;
    }
    if (c === '"' && field === '' && !wasQuoted) { quoted = true; wasQuoted = true; rowHadQuotes = true; }
    else if (c === ',') endField();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && s[i + 1] === '\n') i++;
      endRow();
      line++;
      start = line;
    } else field += c;
  }
  if (quoted) throw new CsvError(start, 'a quoted field is never closed');
  if (field !== '' || fields.length > 0 || rowHadQuotes) endRow();
  return rows;
}

export type CsvRecord = { line: number; values: Record<string, string> };

// Header row + records keyed by lower-cased, trimmed column names; values are trimmed. Records with more
// fields than the header are an error; missing trailing fields read as ''.
export function parseCsvTable(text: string): { columns: string[]; records: CsvRecord[] } {
  const [head, ...rows] = parseCsv(text);
  if (!head) throw new CsvError(1, 'the file is empty; expected a header row');
  const columns = head.fields.map((h) => h.trim().toLowerCase());
  columns.forEach((c, i) => {
    if (c === '') throw new CsvError(head.line, `column ${i + 1} has no name`);
    if (columns.indexOf(c) !== i) throw new CsvError(head.line, `column "${c}" appears twice`);
  });
  const records = rows.map(({ line, fields }) => {
    if (fields.length > columns.length) throw new CsvError(line, `${fields.length} fields but the header has ${columns.length} columns`);
    const values: Record<string, string> = {};
    columns.forEach((c, i) => { values[c] = (fields[i] ?? '').trim(); });
    return { line, values };
  });
  return { columns, records };
}
