import { describe, expect, it } from 'vitest';
import { frenchTypographyFaults } from './french-typography.ts';

const rules = (text: string) => frenchTypographyFaults(text).map((fault) => fault.rule);

describe('frenchTypographyFaults', () => {
  it('accepts French written with narrow no-break spaces, typographic apostrophes and grouped thousands', () => {
    for (const text of [
      'Total\u202f: 12,50\u00a0€',
      'Vraiment\u202f? Oui\u202f! Bien sûr\u202f; c’est «\u202fvotre\u202f» commande.',
      '2\u202f000 exemplaires, −15\u00a0% sur l’édition papier',
      'Quoi\u202f?!',
    ])
      expect(frenchTypographyFaults(text), text).toEqual([]);
  });

  it('refuses a plain or no space before : ; ! ?, and a no-break space that is not the narrow one', () => {
    for (const text of ['Total : 12', 'Total: 12', 'Vraiment ?', 'Oui!', 'Bien ; voilà', 'Prix\u00a0: 3'])
      expect(rules(text), text).toContain('a narrow no-break space (U+202F) goes before : ; ! ?');
  });

  it('refuses a straight apostrophe', () => {
    expect(rules("L'ordre d'achat")).toEqual(['straight apostrophe (use ’)', 'straight apostrophe (use ’)']);
  });

  it('refuses guillemets without narrow no-break spaces inside', () => {
    expect(rules('« Titre »')).toEqual([
      'a narrow no-break space (U+202F) goes after «',
      'a narrow no-break space (U+202F) goes before »',
    ]);
  });

  it('refuses thousands grouped by a plain or no-break space, a percent without a space, a hyphen as minus', () => {
    expect(rules('2 000 ventes')).toEqual([
      'thousands are grouped by a narrow no-break space (U+202F): "2 000"',
    ]);
    expect(rules('1\u00a0250 pages')).toHaveLength(1);
    expect(rules('Utilisez au plus 2000 caractères.')).toHaveLength(1);
    expect(rules('Dernière mise à jour\u202f: novembre 2026, FR76 3000 6000')).toEqual([]);
    expect(rules('15%')).toEqual(['a no-break space goes before %']);
    expect(rules('15 %')).toEqual(['a no-break space goes before %']);
    expect(rules('-15\u00a0%')).toEqual(['a minus sign (−) goes before a negative number']);
  });

  it('leaves web addresses, times, placeholders and nesting alone, judging the text around them', () => {
    for (const text of [
      'Voir https://hls.test/a?b=c:d ou mailto:x@y.z',
      'Rendez-vous à 10:30, livré le 2026-11-22 à 17:55:03',
      'Il reste {{count}}\u202f% — $t(common:nav.home)',
      'Téléphone +44 20 7946 0321, IBAN FR76 3000 6000 0112',
    ])
      expect(frenchTypographyFaults(text), text).toEqual([]);
    expect(rules('{{count}}: 3')).toContain('a narrow no-break space (U+202F) goes before : ; ! ?');
    expect(rules('−{{percent}}%')).toEqual(['a no-break space goes before %']);
  });
});
