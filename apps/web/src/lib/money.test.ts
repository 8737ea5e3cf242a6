import { describe, expect, it } from 'vitest';
import { parsePriceInput, priceInputText } from './money';

describe('a price in a form', () => {
  it('is shown with the page’s decimal separator and no grouping', () => {
    expect(priceInputText(1990, 'fr')).toBe('19,90');
    expect(priceInputText(123450, 'fr')).toBe('1234,50');
    expect(priceInputText(1990, 'en')).toBe('19.90');
    expect(priceInputText(null, 'fr')).toBe('');
  });

  it('is read typed with a comma or a point, whatever the page’s language', () => {
    expect(parsePriceInput('19,90')).toBe(1990);
    expect(parsePriceInput('19.90')).toBe(1990);
    expect(parsePriceInput(' 1 234,5 €')).toBe(123450);
    expect(parsePriceInput('')).toBeNull();
    expect(parsePriceInput('19,999')).toBeNaN();
  });
});
