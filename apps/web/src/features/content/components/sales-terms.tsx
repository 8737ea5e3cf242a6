import { useTranslation } from 'react-i18next';

/** The 11 sections of the sales terms (SPEC §2 Terms screen), in this order. */
const termsSections = [
  'purpose',
  'acceptance',
  'products',
  'orders',
  'payment',
  'delivery',
  'withdrawal',
  'intellectualProperty',
  'liability',
  'personalData',
  'applicableLaw',
] as const;

const anchor = (key: string) => `terms-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** Bilingual sales terms with a table of contents linking to each section. */
export function SalesTerms() {
  const { t } = useTranslation('pages');
  return (
    <div className="container legal-doc">
      <nav className="legal-doc__toc" aria-labelledby="terms-toc">
        <h2 id="terms-toc" className="legal-doc__toc-title">
          {t('terms.toc')}
        </h2>
        <ol>
          {termsSections.map((key) => (
            <li key={key}>
              <a href={`#${anchor(key)}`}>{t(`terms.sections.${key}.title`)}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="legal-doc__body">
        <p className="legal-doc__updated">{t('terms.updated')}</p>
        {termsSections.map((key, index) => (
          <section
            key={key}
            id={anchor(key)}
            className="legal-doc__section"
            aria-labelledby={`${anchor(key)}-title`}
          >
            <h2 id={`${anchor(key)}-title`}>
              <span className="legal-doc__number">{index + 1}.</span> {t(`terms.sections.${key}.title`)}
            </h2>
            {(t(`terms.sections.${key}.paragraphs`, { returnObjects: true }) as string[]).map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
      </div>
    </div>
  );
}
