// The side-by-side table of compare_listings. Pure: facts in, rows out.

export type Cell = string | number | boolean | null;
export type CompareRow = { attribute: string; label: string; a: Cell; b: Cell };

export type CompareFacts = {
  pricing_model: string | null;
  pricing_summary: string | null;
  stage: string | null;
  country: string | null;
  founded_year: number | null;
  primary_category: string | null;
  community_rating: number | null;
  domain_rating: number | null;
  votes: number;
  features: string[];
};

const ATTRIBUTES: [keyof Omit<CompareFacts, 'features'>, string][] = [
  ['pricing_model', 'Pricing model'],
  ['pricing_summary', 'Pricing'],
  ['stage', 'Stage'],
  ['country', 'Country'],
  ['founded_year', 'Founded'],
  ['primary_category', 'Primary category'],
  ['community_rating', 'Community rating (genuine reviews)'],
  ['domain_rating', 'Domain Rating'],
  ['votes', 'Votes'],
];

const blankToNull = (v: Cell): Cell => (typeof v === 'string' && v.trim() === '' ? null : v);
const featureKey = (f: string) => f.trim().toLowerCase().replace(/\s+/g, ' ');

// A row appears when at least one listing states the fact; a null cell means that listing does not state it,
// so a fact on neither listing has no row. Features are matched case- and spacing-insensitively and listed
// in a's order, then b's remaining ones; the cell is true when the listing lists the feature.
export function compareRows(a: CompareFacts, b: CompareFacts): CompareRow[] {
  const rows: CompareRow[] = [];
  for (const [attribute, label] of ATTRIBUTES) {
    const row = { attribute, label, a: blankToNull(a[attribute]), b: blankToNull(b[attribute]) };
    if (row.a !== null || row.b !== null) rows.push(row);
  }
  const features = new Map<string, { label: string; a: boolean; b: boolean }>();
  for (const [side, list] of [['a', a.features], ['b', b.features]] as const) {
    for (const f of list) {
      const key = featureKey(f);
      if (!key) continue;
      let entry = features.get(key);
      if (!entry) features.set(key, (entry = { label: f.trim(), a: false, b: false }));
      entry[side] = true;
    }
  }
  for (const [key, f] of features) rows.push({ attribute: `feature:${key}`, label: f.label, a: f.a || null, b: f.b || null });
  return rows;
}
