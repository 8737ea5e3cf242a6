import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteInfo } from '@hls/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useGetSiteInfoQuery } from '../api/content-api';

/** The sections of the privacy notice (GDPR Art. 13), in this order. */
const privacySections = [
  'controller',
  'data',
  'purposes',
  'recipients',
  'transfers',
  'retention',
  'rights',
  'complaint',
  'requirement',
  'storage',
] as const;
type PrivacySection = (typeof privacySections)[number];

const anchor = (key: string) => `privacy-${key}`;

/**
 * The privacy notice: who controls the data, what is processed, why and on which legal basis, who receives it,
 * transfers, how long it is kept (from the settings), the visitor's rights and where to complain.
 */
export function PrivacyNotice() {
  const { t } = useTranslation('pages');
  const { data, isLoading, isError, refetch } = useGetSiteInfoQuery();

  if (isLoading) {
    return (
      <div className="container content-page">
        <Spinner label={t('privacy.loading')} />
      </div>
    );
  }
  if (isError || !data) {
    return (
      <div className="container content-page">
        <Alert tone="error" title={t('privacy.error')}>
          <Button variant="secondary" size="sm" onClick={() => void refetch()}>
            {t('privacy.retry')}
          </Button>
        </Alert>
      </div>
    );
  }

  const body = sectionBodies(data, t);
  return (
    <div className="container legal-doc">
      <nav className="legal-doc__toc" aria-labelledby="privacy-toc">
        <h2 id="privacy-toc" className="legal-doc__toc-title">
          {t('privacy.toc')}
        </h2>
        <ol>
          {privacySections.map((key) => (
            <li key={key}>
              <a href={`#${anchor(key)}`}>{t(`privacy.sections.${key}.title`)}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="legal-doc__body">
        <p className="legal-doc__updated">{t('privacy.updated')}</p>
        {privacySections.map((key, index) => (
          <section
            key={key}
            id={anchor(key)}
            className="legal-doc__section"
            aria-labelledby={`${anchor(key)}-title`}
          >
            <h2 id={`${anchor(key)}-title`}>
              <span className="legal-doc__number">{index + 1}.</span> {t(`privacy.sections.${key}.title`)}
            </h2>
            {body[key]}
          </section>
        ))}
      </div>
    </div>
  );
}

type Translate = ReturnType<typeof useTranslation<'pages'>>['t'];

const list = (items: string[]) => (
  <ul className="legal-doc__list">
    {items.map((item) => (
      <li key={item}>{item}</li>
    ))}
  </ul>
);

/** Each section's text, with the site's facts (company, host, contacts, retention settings) put in. */
function sectionBodies(site: SiteInfo, t: Translate): Record<PrivacySection, ReactNode> {
  const { company, host, contact, privacy } = site;
  const facts = {
    company: company.name,
    number: company.registrationNumber,
    address: company.address,
    email: contact.customers,
    phone: contact.phone,
    host: host.name,
    hostAddress: host.address,
  };
  const paragraphs = (key: PrivacySection) =>
    (t(`privacy.sections.${key}.paragraphs`, { returnObjects: true, ...facts }) as string[]).map((text) => (
      <p key={text}>{text}</p>
    ));
  const items = (key: PrivacySection) =>
    list(t(`privacy.sections.${key}.items`, { returnObjects: true }) as string[]);
  const recipients = [
    privacy.paymentProvider === 'stripe' ? 'paymentStripe' : 'paymentDemo',
    'host',
    'mail',
    'shipping',
    'banks',
    'staff',
  ] as const;
  return {
    controller: paragraphs('controller'),
    data: items('data'),
    purposes: items('purposes'),
    recipients: list(recipients.map((key) => t(`privacy.sections.recipients.${key}`, facts))),
    transfers: paragraphs('transfers'),
    retention: list([
      t('privacy.sections.retention.sentMail', { count: privacy.sentMailDays }),
      t('privacy.sections.retention.pageViews', { count: privacy.pageViewDays }),
      t('privacy.sections.retention.sessions', { count: privacy.sessionDays }),
      t('privacy.sections.retention.account'),
      t('privacy.sections.retention.orders'),
      t('privacy.sections.retention.messages'),
    ]),
    rights: paragraphs('rights'),
    complaint: paragraphs('complaint'),
    requirement: paragraphs('requirement'),
    storage: paragraphs('storage'),
  };
}
