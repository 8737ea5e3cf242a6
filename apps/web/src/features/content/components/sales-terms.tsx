import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { SITE_NAME } from '@/config/site';
import { useGetSiteInfoQuery } from '../api/content-api';

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

/** Id of the annex holding the model withdrawal form. */
const FORM_ID = 'terms-withdrawal-form';

/**
 * Bilingual sales terms with a table of contents linking to each section, and in annex the model withdrawal form
 * of Directive 2011/83/EU (Annex I(B)), addressed to the seller as the settings name it.
 */
export function SalesTerms() {
  const { t } = useTranslation('pages');
  const { data: site } = useGetSiteInfoQuery();
  const seller = site
    ? { company: site.company.name, address: site.company.address, email: site.contact.claims }
    : { company: SITE_NAME, address: '…', email: '…' };
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
        <p className="legal-doc__toc-annex">
          <a href={`#${FORM_ID}`}>{t('terms.withdrawalForm.title')}</a>
        </p>
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
            {key === 'withdrawal' && (
              <p>
                <a href={`#${FORM_ID}`}>{t('terms.withdrawalLink')}</a>
              </p>
            )}
            {key === 'personalData' && (
              <p>
                <Link to={paths.privacy.getHref()}>{t('terms.privacyLink')}</Link>
              </p>
            )}
          </section>
        ))}
        <section
          id={FORM_ID}
          className="legal-doc__section withdrawal-form"
          aria-labelledby={`${FORM_ID}-title`}
        >
          <h2 id={`${FORM_ID}-title`}>{t('terms.withdrawalForm.title')}</h2>
          <p>{t('terms.withdrawalForm.intro')}</p>
          <ul className="withdrawal-form__lines">
            <li>{t('terms.withdrawalForm.to', seller)}</li>
            {(t('terms.withdrawalForm.lines', { returnObjects: true }) as string[]).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="withdrawal-form__note">{t('terms.withdrawalForm.note')}</p>
        </section>
      </div>
    </div>
  );
}
