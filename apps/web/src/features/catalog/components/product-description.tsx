import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@hls/contract';

/** The description of a book or a file, one paragraph per blank-line-separated block, in the content's language. */
export function ProductDescription({ text, language }: { text: string; language: Language }) {
  const { t } = useTranslation('catalog');
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="section-title">
        {t('detail.description')}
      </h2>
      <div className="prose" lang={language}>
        {text.split(/\n{2,}/).map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
    </section>
  );
}
