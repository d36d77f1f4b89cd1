import { describe, expect, it } from 'vitest';
import { datedLine, leadingDate } from './dated-lines';

describe('dated lines', () => {
  it.each([
    ['2025-03-04', '2025-03-04'], ['4 March 2025', '2025-03-04'], ['March 4, 2025', '2025-03-04'], ['4. März 2025', '2025-03-04'],
    ['04.03.2025', '2025-03-04'], ['June 2025', '2025-06-01'], ['18 septembre 2024', '2024-09-18'], ['10 de mayo', null],
    ['31 February 2025', null], ['Version 2.0', null], ['2025', null], ['Sept. 3, 2024', '2024-09-03'],
  ])('leadingDate(%s) = %s', (text, date) => expect(leadingDate(text)?.date ?? null).toBe(date));

  it.each([
    ['June 2025 – Parcelhop opens its public beta in 40 US cities.', { date: '2025-06-01', title: 'Parcelhop opens its public beta in 40 US cities.' }],
    ['2024-09-18: Shift swaps', { date: '2024-09-18', title: 'Shift swaps' }],
    ['4 March 2025 — Payroll export', { date: '2025-03-04', title: 'Payroll export' }],
    ['June 2025 we were busy', null], ['Payroll export – 4 March 2025', null],
  ])('datedLine(%s)', (line, expected) => expect(datedLine(line)).toEqual(expected));
});
