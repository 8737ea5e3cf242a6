import { useTranslation } from 'react-i18next';
import type { EbookAccessibility } from '@hls/contract';
import { accessibilityPhrases } from './accessibility-phrases';

/**
 * An EPUB's accessibility in plain words, as a list of facts: its content, how it can be read, what helps
 * reading, its hazards, the standard it claims and the publisher's summary (in the book's language).
 */
export function AccessibilityFacts({
  accessibility,
  summaryLanguage,
}: {
  accessibility: EbookAccessibility;
  summaryLanguage?: string | undefined;
}) {
  const { t } = useTranslation('catalog');
  const phrases = accessibilityPhrases(t, accessibility);
  if (!phrases.stated) return <p className="a11y-facts__none">{t('catalog:accessibility.none')}</p>;
  const list = (items: string[]) =>
    items.length === 0 ? (
      <dd>{t('catalog:accessibility.notStated')}</dd>
    ) : (
      <dd>
        <ul className="a11y-facts__list">
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </dd>
    );
  return (
    <dl className="a11y-facts">
      <dt>{t('catalog:accessibility.content')}</dt>
      <dd>{phrases.content ?? t('catalog:accessibility.notStated')}</dd>
      <dt>{t('catalog:accessibility.readableAs')}</dt>
      {list(phrases.readableAs)}
      <dt>{t('catalog:accessibility.features')}</dt>
      {list(phrases.features)}
      <dt>{t('catalog:accessibility.hazards')}</dt>
      {list(phrases.hazards)}
      <dt>{t('catalog:accessibility.conformance')}</dt>
      <dd>{phrases.conformance}</dd>
      {accessibility.summary && (
        <>
          <dt>{t('catalog:accessibility.summary')}</dt>
          <dd lang={summaryLanguage}>{accessibility.summary}</dd>
        </>
      )}
    </dl>
  );
}
