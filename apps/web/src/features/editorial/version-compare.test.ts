import { describe, expect, it } from 'vitest';
import { changedFields, wordDiff } from './version-compare';
import { makeValues } from './test-fixtures';

describe('comparing two versions', () => {
  it('names the fields that differ, files by their content hash and not their name', () => {
    const before = makeValues();
    const after = makeValues({
      priceCents: 3900,
      categoryId: 4,
      files: before.files.map((file) => ({ ...file, originalName: 'renamed.xlsx' })),
    });
    expect(changedFields(before, after)).toEqual(['category', 'priceCents']);
    const newFile = makeValues({ files: before.files.map((file) => ({ ...file, sha256: 'b'.repeat(64) })) });
    expect(changedFields(before, newFile)).toEqual(['file:file']);
  });

  it('names the facts that differ: the software and its versions, the archive parts, the usage licence', () => {
    const before = makeValues({ software: [{ app: 'excel', version: '2016' }], archiveParts: ['csv_data'] });
    expect(
      changedFields(
        before,
        makeValues({ software: [{ app: 'excel', version: '2016' }], archiveParts: ['csv_data'] }),
      ),
    ).toEqual([]);
    const after = makeValues({
      software: [{ app: 'excel', version: '2019' }],
      archiveParts: ['csv_data', 'readme'],
      usage: 'commercial',
      sheets: 4,
    });
    expect(changedFields(before, after)).toEqual(['sheets', 'archiveParts', 'software', 'usage']);
  });

  it('diffs the description word by word, keeping the shared words once', () => {
    expect(wordDiff('monthly charts and a forecast', 'weekly charts and a forecast')).toEqual([
      { kind: 'deleted', text: 'monthly' },
      { kind: 'inserted', text: 'weekly' },
      { kind: 'same', text: ' charts and a forecast' },
    ]);
  });
});
