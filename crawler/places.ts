import { countryNames } from '../domain/evidence';

// Country names and codes → ISO 3166 alpha-2, from the runtime's own region names (Intl).
let byName: Map<string, string> | null = null;

function table(): Map<string, string> {
  if (byName) return byName;
  byName = new Map();
  const A = 'A'.charCodeAt(0);
  for (let i = 0; i < 26; i++) {
    for (let j = 0; j < 26; j++) {
      const code = String.fromCharCode(A + i, A + j);
      for (const name of countryNames(code)) if (!byName.has(name)) byName.set(name, code);
    }
  }
  return byName;
}

export function countryCode(nameOrCode: string): string | null {
  const s = nameOrCode.trim();
  if (/^[A-Za-z]{2}$/.test(s)) return countryNames(s).length ? s.toUpperCase() : null;
  return table().get(s.toLowerCase().replace(/^the\s+/, '')) ?? null;
}

const REGIONS = /^(Europe|Asia|Africa|America|North America|South America|Latin America|Oceania|the|The|EU|EMEA|APAC|Silicon Valley|Scandinavia|the Cloud)$/;

// "based in Lisbon, Portugal" / "headquartered in Berlin" → city and country when the words say so.
export function placeFromText(text: string): Array<{ city: string | null; country: string | null; index: number; length: number }> {
  const out: Array<{ city: string | null; country: string | null; index: number; length: number }> = [];
  const word = "[A-Z\\p{Lu}][\\p{L}'’-]*";
  // English, German, French and Spanish: "based in", "founded in Austin", "Büro in Leipzig", "Sitz in", "basée à",
  // "siège à", "con sede en", "oficinas en".
  const lead = '(?:based|headquartered|located|offices?|founded|started|[Bb]üro|[Ss]itz|[Hh]auptsitz|[Ss]tandort|[Bb]asée?|[Ss]iège|[Bb]ureaux?|[Ss]ede|[Oo]ficinas?|[Uu]bicad[ao]s?)';
  const re = new RegExp(`(?<![\\p{L}])${lead}\\s+(?:in|à|a|en)\\s+(${word}(?: ${word}){0,2})(?:, ?(${word}(?: ${word}){0,2}))?`, 'gu');
  for (const m of text.matchAll(re)) {
    const first = m[1];
    const second = m[2] ?? null;
    const firstCountry = countryCode(first);
    const secondCountry = second ? countryCode(second) : null;
    const at = { index: m.index!, length: m[0].length };
    if (secondCountry) out.push({ city: firstCountry ? null : first, country: secondCountry, ...at });
    else if (firstCountry) out.push({ city: null, country: firstCountry, ...at });
    else if (!REGIONS.test(first)) out.push({ city: first, country: null, ...at });
  }
  // A postal address block: "04275 Leipzig" or "75011 Paris" on a line of its own, then the country's name.
  const postal = new RegExp(`(?:^|\\n)(?:[A-Z]{1,2}-)?\\d{4,5} (${word}(?:[ -]${word}){0,2})\\n(${word}(?: ${word}){0,2})(?=\\n|$)`, 'gu');
  for (const m of text.matchAll(postal)) {
    const country = countryCode(m[2]);
    if (country) out.push({ city: m[1], country, index: m.index! + (m[0].startsWith('\n') ? 1 : 0), length: m[0].length - (m[0].startsWith('\n') ? 1 : 0) });
  }
  return out;
}
