import { describe, expect, it } from 'vitest';
import { continuousMonths, formatsWithEarnings, statementMonths } from './months';

const month = (m: string, paper = 0, ebook = 0, professional_file = 0) => ({
  month: m,
  paper,
  ebook,
  professional_file,
});

describe('months of the chart and the statement', () => {
  it('fills the months without sales between the first and the last, across a year', () => {
    expect(continuousMonths([month('2027-01', 0, 5), month('2026-11', 100)]).map((m) => m.month)).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
    ]);
    expect(continuousMonths([])).toEqual([]);
    // The months the server gives before the first sale are left out; the ones after it are kept.
    expect(
      continuousMonths([month('2026-09'), month('2026-10', 0, 5, -5), month('2026-11')]).map((m) => m.month),
    ).toEqual(['2026-10', '2026-11']);
    expect(continuousMonths([month('2026-09'), month('2026-10')])).toEqual([]);
  });

  it('keeps the formats that earned or lost something', () => {
    expect(formatsWithEarnings([month('2026-11', 0, -284), month('2026-12', 100)])).toEqual([
      'paper',
      'ebook',
    ]);
  });

  it('offers every month from the first sale to the current one, newest first', () => {
    expect(statementMonths([month('2026-10', 1)], new Date(2026, 11, 3))).toEqual([
      '2026-12',
      '2026-11',
      '2026-10',
    ]);
    expect(statementMonths([], new Date(2026, 11, 3))).toEqual(['2026-12']);
    expect(statementMonths([month('2026-01'), month('2026-11', 4)], new Date(2026, 11, 3))).toEqual([
      '2026-12',
      '2026-11',
    ]);
    expect(statementMonths([month('2010-01', 1)], new Date(2026, 11, 3))).toHaveLength(36);
  });
});
