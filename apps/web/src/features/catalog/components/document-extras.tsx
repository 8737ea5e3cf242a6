import { useTranslation } from 'react-i18next';
import type { Licence } from '@hls/contract';
import { buttonClasses } from '@/components/ui/button-classes';
import { env } from '@/config/env';
import { licenceUrl } from '../licence-url';

/** The licence row of an academic document's facts, linked to its Creative Commons deed. */
export function LicenceFact({ licence }: { licence: Licence }) {
  const { t, i18n } = useTranslation('catalog');
  const url = licenceUrl(licence, i18n.language);
  const name = t(`licences.${licence}`);
  return (
    <div>
      <dt>{t('detail.facts.licence')}</dt>
      <dd>
        {url ? (
          <a href={url} target="_blank" rel="license noopener noreferrer">
            {name}
            <span className="visually-hidden"> {t('detail.licenceNewTab')}</span>
          </a>
        ) : (
          name
        )}
      </dd>
    </div>
  );
}

/** "Preview the first pages": the sample PDF cut at publication, in a new tab. */
export function SamplePreviewLink({ url }: { url: string }) {
  const { t } = useTranslation('catalog');
  const href = url.startsWith('/api/') ? `${env.apiUrl}${url}` : url;
  return (
    <a
      className={buttonClasses({ variant: 'secondary', className: 'sample-link' })}
      href={href}
      target="_blank"
      rel="noopener"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="18"
        height="18"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
        <circle cx="12" cy="12" r="3" />
      </svg>
      <span>
        {t('sample.link')}
        <span className="sample-link__note"> ({t('sample.note')})</span>
      </span>
    </a>
  );
}
