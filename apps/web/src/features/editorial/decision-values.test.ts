import { describe, expect, it } from 'vitest';
import { decisionBody, decisionDefaults, eurosToCents } from './decision-values';
import { makeReview, makeVersion } from './test-fixtures';

describe('the decision form’s values', () => {
  it('reads euros as typed in either language', () => {
    expect(eurosToCents('12')).toBe(1200);
    expect(eurosToCents('12,5')).toBe(1250);
    expect(eurosToCents(' 1 234,50 €')).toBe(123450);
    expect(eurosToCents('12.345')).toBeNull();
    expect(eurosToCents('twelve')).toBeNull();
  });

  it('writes the prices as the page’s language does and reads them typed with a comma or a point', () => {
    const submission = makeReview({ history: [makeVersion(1, { priceCents: 1990 })] });
    expect(decisionDefaults(submission, 'fr').price).toBe('19,90');
    expect(decisionDefaults(submission, 'en').price).toBe('19.90');
    expect(eurosToCents('19,90')).toBe(1990);
    expect(eurosToCents('19.90')).toBe(1990);
  });

  it('asks for a decision and a comment, whatever the decision', () => {
    const submission = makeReview();
    const form = decisionDefaults(submission, 'en');
    expect(decisionBody(form, submission)).toEqual({
      ok: false,
      errors: { decision: 'decision.required', comment: 'comment.required' },
    });
    expect(decisionBody({ ...form, decision: 'reject', comment: '   ' }, submission)).toEqual({
      ok: false,
      errors: { comment: 'comment.required' },
    });
  });

  it('sends the note for buyers with a new version of a product on sale only', () => {
    const onSale = makeReview({ productId: 31 });
    const form = {
      ...decisionDefaults(onSale, 'en'),
      decision: 'publish' as const,
      comment: 'Updated.',
      versionNote: ' VAT formulas fixed. ',
    };
    expect(decisionBody(form, onSale)).toMatchObject({
      ok: true,
      body: { versionNote: 'VAT formulas fixed.' },
    });
    const first = makeReview({ productId: null });
    const firstSent = decisionBody(form, first);
    expect(firstSent.ok).toBe(true);
    expect(firstSent.ok && firstSent.body).not.toHaveProperty('versionNote');
    const tooLong = decisionBody({ ...form, versionNote: 'x'.repeat(281) }, onSale);
    expect(tooLong).toMatchObject({ ok: false, errors: { versionNote: 'versionNote.tooLong' } });
  });

  it('sends no publication field with a request for changes', () => {
    const submission = makeReview();
    const form = {
      ...decisionDefaults(submission, 'en'),
      decision: 'request_changes' as const,
      comment: ' Fix it ',
    };
    expect(decisionBody(form, submission)).toEqual({
      ok: true,
      body: { decision: 'request_changes', comment: 'Fix it' },
    });
  });

  it('publishes with the final price in cents, the discount and the category', () => {
    const submission = makeReview();
    const form = {
      ...decisionDefaults(submission, 'en'),
      decision: 'publish' as const,
      comment: 'Welcome',
      price: '34,90',
      discount: '10',
      categoryId: '5',
    };
    expect(decisionBody(form, submission)).toEqual({
      ok: true,
      body: { decision: 'publish', comment: 'Welcome', priceCents: 3490, discountPercent: 10, categoryId: 5 },
    });
    expect(decisionBody({ ...form, price: '0', discount: '95' }, submission)).toEqual({
      ok: false,
      errors: { priceCents: 'price.invalid', discountPercent: 'discount.invalid' },
    });
  });

  it('publishes a confidential report only once its confidentiality is checked', () => {
    const submission = makeReview({
      section: 'academic',
      history: [makeVersion(1, { priceCents: null, confidential: true, licence: 'cc_by' })],
    });
    const form = { ...decisionDefaults(submission, 'en'), decision: 'publish' as const, comment: 'Checked' };
    expect(decisionBody(form, submission)).toEqual({
      ok: false,
      errors: { confidentialityChecked: 'confidentiality.required' },
    });
    expect(decisionBody({ ...form, confidentialityChecked: true }, submission)).toEqual({
      ok: true,
      body: { decision: 'publish', comment: 'Checked', categoryId: 3, confidentialityChecked: true },
    });
  });
});
