import { z } from 'zod';
import { invalid } from '../errors';
import { resolveWeek } from '../../domain/weeks';

type WeekWord = 'this' | 'next' | 'last';
const WORDS: readonly string[] = ['this', 'next', 'last'];

export const weekParam = (what: string) => z.string().max(10).describe(what);

// The schema can only bound the length; the forms (words or a real date) are checked here so the 400 names the field.
export function weekFrom(spec: string, now: Date, allowed: readonly WeekWord[] = ['this', 'next', 'last']): string {
  const refused = WORDS.includes(spec) && !(allowed as readonly string[]).includes(spec);
  const monday = refused ? null : resolveWeek(spec, now);
  if (!monday) throw invalid('week', `must be ${allowed.join(', ')} or a date as YYYY-MM-DD`);
  return monday;
}
