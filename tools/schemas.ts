import { z } from 'zod';

// Shared pieces of the spec's notation, so every tool states a bound the same way.
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,219}$/;
export const slug = (what = 'slug') =>
  z.string().regex(SLUG_PATTERN, 'must be lowercase letters, digits and hyphens, starting with a letter or digit (max 220)').describe(what);

export const countryCode = () =>
  z.string().regex(/^[A-Za-z]{2}$/, 'must be a two-letter ISO 3166 country code').describe('Two-letter ISO 3166 country code');

export const isoDate = () =>
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'must be a real calendar date')
    .describe('Date as YYYY-MM-DD');

export const page = () => z.number().int().min(1).max(1000).default(1).describe('Page number, 1..1000 (default 1)');
export const perPage = () => z.number().int().min(1).max(100).default(20).describe('Items per page, 1..100 (default 20)');
export const paging = () => ({ page: page(), per_page: perPage() });

export const timestamp = () => z.string().describe('ISO 8601 UTC timestamp');

// Lists return {items, page, per_page, total} everywhere (design decision).
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item).describe('The items of this page'),
    page: z.number().int().describe('This page number'),
    per_page: z.number().int().describe('Page size used'),
    total: z.number().int().describe('Total number of matching items'),
  });

export type Paged<T> = { items: T[]; page: number; per_page: number; total: number };

export const offsetOf = (p: { page: number; per_page: number }) => (p.page - 1) * p.per_page;
