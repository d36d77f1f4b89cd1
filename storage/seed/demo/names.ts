import type { Rng } from '../random';
import { NAME_ENDINGS, NAME_HEADS, NAME_TAILS } from './words';
import { slugify } from './context';

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

// A product name whose slug is not in `used`; the slug is reserved before returning.
export function productName(rng: Rng, used: Set<string>): { name: string; slug: string } {
  for (;;) {
    const head = rng.pick(NAME_HEADS);
    const tail = rng.pick(NAME_TAILS);
    const name = rng.weighted([
      [`${head}${tail}`, 4],
      [`${head}${cap(tail)}`, 3],
      [`${head} ${cap(tail)}`, 2],
      [`${head}${rng.pick(NAME_ENDINGS)}`, 1],
    ] as const);
    const slug = slugify(name);
    if (!used.has(slug)) {
      used.add(slug);
      return { name, slug };
    }
  }
}

// A unique slug for a person's name: "ana-silva", then "ana-silva-2", ...
export function uniqueSlug(base: string, used: Set<string>): string {
  let slug = slugify(base);
  for (let n = 2; used.has(slug); n++) slug = `${slugify(base)}-${n}`;
  used.add(slug);
  return slug;
}
