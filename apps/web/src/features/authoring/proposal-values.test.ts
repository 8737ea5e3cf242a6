import { describe, expect, it } from 'vitest';
import {
  checkFormat,
  contractFields,
  draftBody,
  emptyValues,
  formErrors,
  parseEuros,
} from './proposal-values';

describe('proposal values', () => {
  it('reads euros as people type them, in cents', () => {
    expect(parseEuros('12')).toBe(1200);
    expect(parseEuros('12,5')).toBe(1250);
    expect(parseEuros('1 200,00 €')).toBe(120_000);
    expect(parseEuros('0.99')).toBe(99);
    expect(parseEuros('')).toBeNull();
    expect(parseEuros('12.345')).toBeNaN();
    expect(parseEuros('douze')).toBeNaN();
  });

  it('sends only the editions offered, and no price for an academic file', () => {
    const book = { ...emptyValues(), paper: true, paperPrice: '20', ebook: false, ebookPrice: '9' };
    expect(contractFields(book, 'book')).toMatchObject({ paperPriceCents: 2000, ebookPriceCents: null });
    const academic = {
      ...emptyValues('academic'),
      price: '5',
      rights: 'own_work' as const,
      licence: 'cc_by' as const,
    };
    expect(contractFields(academic, 'file')).toMatchObject({
      priceCents: null,
      rights: 'own_work',
      licence: 'cc_by',
      confidential: false,
    });
  });

  it('keeps a field whose format is wrong out of the draft, and says why on submit', () => {
    const values = { ...emptyValues(), title: 'Excel budget', description: 'Too short', price: '12,999' };
    expect(checkFormat(values, 'file')).toEqual({
      description: 'description.tooShort',
      price: 'price.invalid',
    });
    const body = draftBody(values, 'file') as Record<string, unknown>;
    expect(body.title).toBe('Excel budget');
    expect(body).not.toHaveProperty('description');
    expect(body).not.toHaveProperty('priceCents');
  });

  it('puts the API’s field codes on the form’s fields', () => {
    expect(
      formErrors({
        'body.paperPriceCents': 'price.invalid',
        categoryId: 'category.required',
        file: 'upload.required',
        editions: 'editions.required',
      }),
    ).toEqual({
      paperPrice: 'price.invalid',
      categoryId: 'category.required',
      file: 'upload.required',
      editions: 'editions.required',
    });
  });
});
