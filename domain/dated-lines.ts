// Dates as sites write them next to a changelog entry or a press item: ISO (2025-03-04), "4 March 2025",
// "March 4, 2025", "04.03.2025", "June 2025" (→ the 1st), in English, German, French and Spanish month names.
const MONTHS: Record<string, number> = {};
[
  ['january', 'januar', 'janvier', 'enero', 'jan'], ['february', 'februar', 'février', 'fevrier', 'febrero', 'feb'], ['march', 'märz', 'maerz', 'mars', 'marzo', 'mar'],
  ['april', 'avril', 'abril', 'apr'], ['may', 'mai', 'mayo'], ['june', 'juni', 'juin', 'junio', 'jun'], ['july', 'juli', 'juillet', 'julio', 'jul'],
  ['august', 'août', 'aout', 'agosto', 'aug'], ['september', 'septembre', 'septiembre', 'sep', 'sept'], ['october', 'oktober', 'octobre', 'octubre', 'oct', 'okt'],
  ['november', 'novembre', 'noviembre', 'nov'], ['december', 'dezember', 'décembre', 'decembre', 'diciembre', 'dec', 'dez'],
].forEach((names, i) => { for (const n of names) MONTHS[n] = i + 1; });

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? `${y}-${pad(m)}-${pad(d)}` : null;
};
const month = (name: string) => MONTHS[name.toLowerCase().replace(/\.$/, '')];
const M = '([\\p{L}]{3,10}\\.?)';

const FORMS: Array<[RegExp, (m: RegExpMatchArray) => string | null]> = [
  [/^(\d{4})-(\d{2})-(\d{2})/u, (m) => iso(+m[1], +m[2], +m[3])],
  [new RegExp(`^(\\d{1,2})\\.?\\s${M}\\s(\\d{4})`, 'u'), (m) => (month(m[2]) ? iso(+m[3], month(m[2]), +m[1]) : null)],
  [new RegExp(`^${M}\\s(\\d{1,2}),?\\s(\\d{4})`, 'u'), (m) => (month(m[1]) ? iso(+m[3], month(m[1]), +m[2]) : null)],
  [/^(\d{1,2})\.(\d{1,2})\.(\d{4})/u, (m) => iso(+m[3], +m[2], +m[1])],
  [new RegExp(`^${M}\\s(\\d{4})`, 'u'), (m) => (month(m[1]) ? iso(+m[2], month(m[1]), 1) : null)],
];

// The date a text starts with, and how long that date is; null when it does not start with one.
export function leadingDate(text: string): { date: string; length: number } | null {
  const t = text.trimStart();
  for (const [re, make] of FORMS) {
    const m = t.match(re);
    if (m) {
      const date = make(m);
      if (date) return { date, length: m[0].length + (text.length - t.length) };
    }
  }
  return null;
}

// "June 2025 – Parcelhop opens its public beta." → the date and the title after the dash or colon.
export function datedLine(line: string): { date: string; title: string } | null {
  const d = leadingDate(line);
  if (!d) return null;
  const rest = line.slice(d.length).match(/^\s*[–—:|-]\s*(.{3,200})$/u);
  return rest ? { date: d.date, title: rest[1].trim() } : null;
}
