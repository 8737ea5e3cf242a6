import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useGetSiteInfoQuery } from '../api/content-api';

/** A phone number as a link the phone dials: its digits and the leading +. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The legal notice from GET /api/site: owner company and host (SPEC §2 Legals screen). */
export function LegalNotice() {
  const { t } = useTranslation('pages');
  const { data, isLoading, isError, refetch } = useGetSiteInfoQuery();

  if (isLoading) {
    return (
      <div className="container content-page">
        <Spinner label={t('legals.loading')} />
      </div>
    );
  }
  if (isError || !data) {
    return (
      <div className="container content-page">
        <Alert tone="error" title={t('legals.error')}>
          <Button variant="secondary" size="sm" onClick={() => void refetch()}>
            {t('legals.retry')}
          </Button>
        </Alert>
      </div>
    );
  }

  const { company, host, contact } = data;
  return (
    <div className="container content-page">
      <section className="content-block content-block--panel" aria-labelledby="legals-publisher">
        <h2 id="legals-publisher" className="section-title">
          {t('legals.publisher')}
        </h2>
        <dl className="facts">
          <dt>{t('legals.company')}</dt>
          <dd>{company.name}</dd>
          <dt>{t('legals.registration')}</dt>
          <dd>{company.registrationNumber}</dd>
          <dt>{t('legals.address')}</dt>
          <dd>{company.address}</dd>
          <dt>{t('legals.taxNumber')}</dt>
          <dd>{company.vatNumber}</dd>
          <dt>{t('legals.contactPerson')}</dt>
          <dd>{company.contactPerson}</dd>
          <dt>{t('legals.email')}</dt>
          <dd>
            <a href={`mailto:${contact.customers}`}>{contact.customers}</a>
          </dd>
          <dt>{t('legals.phone')}</dt>
          <dd>
            <a href={telHref(contact.phone)}>{contact.phone}</a>
          </dd>
        </dl>
      </section>
      <section className="content-block content-block--panel" aria-labelledby="legals-host">
        <h2 id="legals-host" className="section-title">
          {t('legals.host')}
        </h2>
        <dl className="facts">
          <dt>{t('legals.hostName')}</dt>
          <dd>{host.name}</dd>
          <dt>{t('legals.hostAddress')}</dt>
          <dd>{host.address}</dd>
          <dt>{t('legals.hostPhone')}</dt>
          <dd>
            <a href={telHref(host.phone)}>{host.phone}</a>
          </dd>
        </dl>
      </section>
      <div className="content-columns">
        <section className="content-block" aria-labelledby="legals-property">
          <h2 id="legals-property" className="section-title">
            {t('legals.propertyTitle')}
          </h2>
          <p>{t('legals.propertyText')}</p>
        </section>
        <section className="content-block" aria-labelledby="legals-data">
          <h2 id="legals-data" className="section-title">
            {t('legals.dataTitle')}
          </h2>
          <p>
            <Link to={paths.privacy.getHref()}>{t('legals.dataText')}</Link>
          </p>
        </section>
      </div>
    </div>
  );
}
