import { describe, expect, it } from 'vitest';
import { attachmentName } from './protected-download';

describe('the name of a downloaded file', () => {
  it('reads it from Content-Disposition, the encoded form first', () => {
    expect(attachmentName('attachment; filename="royalties-2026-11.csv"')).toBe('royalties-2026-11.csv');
    expect(attachmentName('attachment; filename=statement.pdf')).toBe('statement.pdf');
    expect(
      attachmentName(`attachment; filename="releve.pdf"; filename*=UTF-8''relev%C3%A9-2026-11.pdf`),
    ).toBe('relevé-2026-11.pdf');
  });

  it('has none when the header gives none', () => {
    expect(attachmentName(null)).toBeNull();
    expect(attachmentName('attachment')).toBeNull();
    expect(attachmentName('attachment; filename=""')).toBeNull();
  });
});
