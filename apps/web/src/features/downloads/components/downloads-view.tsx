import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { BrowseLinks } from '@/components/ui/browse-links';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useErrorText } from '@/i18n/use-error-text';
import { toApiFailure } from '@/lib/api-error';
import { intlLocale } from '@/lib/money';
import { useGetDownloadsQuery, useResendLinksMutation } from '../api/downloads-api';
import { DownloadRow } from './download-row';

/** How often the page asks again while a stamped copy is being prepared. */
const PREPARING_POLL_MS = 3000;

type DownloadsViewProps = {
  /** The order just paid (navigation state), or null for every download of the customer. */
  orderId: string | null;
};

/** /download: the files the customer may download, one order's or all, and their links again by e-mail. */
export function DownloadsView({ orderId }: DownloadsViewProps) {
  const { t, i18n } = useTranslation('downloads');
  const locale = intlLocale(i18n.language);
  const errorText = useErrorText();
  const [preparing, setPreparing] = useState(false);
  const { data, error, isLoading, isFetching, refetch } = useGetDownloadsQuery(orderId, {
    pollingInterval: preparing ? PREPARING_POLL_MS : 0,
    skipPollingIfUnfocused: true,
  });
  const [resend, resendState] = useResendLinksMutation();
  const [resent, setResent] = useState<'sent' | string | null>(null);

  const anyPreparing = data?.results.some((download) => download.status === 'preparing') ?? false;
  if (anyPreparing !== preparing) setPreparing(anyPreparing);

  if (isLoading) return <PageSpinner label={t('loading')} />;
  if (!data) {
    return (
      <div className="container downloads-page">
        <Alert tone="error" title={t('loadFailed')}>
          <p>{errorText(toApiFailure(error))}</p>
          <Button variant="secondary" size="sm" busy={isFetching} onClick={() => void refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      </div>
    );
  }

  const sendAgain = async () => {
    setResent(null);
    const result = await resend(orderId ? { orderId } : {});
    setResent('error' in result && result.error ? errorText(toApiFailure(result.error)) : 'sent');
  };

  const downloads = data.results;
  return (
    <div className="container downloads-page">
      {orderId && (
        <Alert tone="success" title={t('thanks.title')}>
          <p>{t('thanks.text')}</p>
        </Alert>
      )}
      {downloads.length === 0 ? (
        <EmptyState
          title={t(orderId ? 'empty.orderTitle' : 'empty.title')}
          text={t(orderId ? 'empty.orderText' : 'empty.text')}
        >
          {orderId ? (
            <nav aria-label={t('empty.next')} className="browse-links">
              <ButtonLink to={paths.customerOrders.getHref()}>{t('ordersLink')}</ButtonLink>
              <ButtonLink variant="secondary" to={paths.download.getHref()} state={null}>
                {t('allLink')}
              </ButtonLink>
            </nav>
          ) : (
            <BrowseLinks />
          )}
        </EmptyState>
      ) : (
        <section aria-labelledby="downloads-title">
          <div className="downloads-page__head">
            <h2 id="downloads-title" className="downloads-page__title">
              {t(orderId ? 'listOrder' : 'listAll', { count: downloads.length })}
            </h2>
            {orderId && (
              <Link to={paths.download.getHref()} state={null}>
                {t('allLink')}
              </Link>
            )}
          </div>
          <ul className="download-list">
            {downloads.map((download) => (
              <DownloadRow
                key={download.entitlementId}
                download={download}
                locale={locale}
                onDownloaded={() => void refetch()}
              />
            ))}
          </ul>
          <div className="downloads-page__resend card">
            <h2 className="downloads-page__resend-title">{t('resend.title')}</h2>
            <p>{t('resend.text')}</p>
            <Button
              variant="secondary"
              busy={resendState.isLoading}
              busyLabel={t('resend.sending')}
              onClick={() => void sendAgain()}
            >
              {t('resend.button')}
            </Button>
            {resent === 'sent' && <Alert tone="success">{t('resend.sent')}</Alert>}
            {resent && resent !== 'sent' && <Alert tone="error">{resent}</Alert>}
          </div>
        </section>
      )}
    </div>
  );
}
