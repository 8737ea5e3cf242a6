import { useId, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { skipToken } from '@reduxjs/toolkit/query';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { paths } from '@/config/paths';
import { useAppLanguage } from '@/i18n/use-app-language';
import { useErrorText } from '@/i18n/use-error-text';
import { toApiFailure } from '@/lib/api-error';
import {
  useCancelStockAlertMutation,
  useGetStockAlertQuery,
  useRequestStockAlertMutation,
} from '../api/stock-alert-api';

/**
 * Under a paper book out of stock: ask to be told by e-mail when it is back, then cancel it if need be. A guest
 * gets a sign-in link that comes back to this page.
 */
export function StockAlert({ productId, loggedIn }: { productId: number; loggedIn: boolean }) {
  const { t } = useTranslation('catalog');
  const lang = useAppLanguage();
  const errorText = useErrorText();
  const { pathname } = useLocation();
  const statusId = useId();
  const { data, isLoading } = useGetStockAlertQuery(loggedIn ? productId : skipToken);
  const [requestAlert, requesting] = useRequestStockAlertMutation();
  const [cancelAlert, cancelling] = useCancelStockAlertMutation();
  const [failure, setFailure] = useState<string | null>(null);

  if (!loggedIn) {
    return (
      <div className="stock-alert">
        <ButtonLink
          variant="secondary"
          size="sm"
          to={paths.loginRegister.getHref()}
          // Back on the book with its paper edition chosen, where the request is made.
          state={{ from: `${pathname}?edition=paper` }}
        >
          {t('detail.stockAlert.signIn')}
        </ButtonLink>
      </div>
    );
  }
  if (isLoading || !data) return null;

  const run = async (action: () => Promise<{ error?: unknown }>) => {
    setFailure(null);
    const result = await action();
    if (!result.error) return;
    const apiFailure = toApiFailure(result.error);
    setFailure(
      apiFailure.code === 'email_unconfirmed' ? t('detail.stockAlert.unconfirmed') : errorText(apiFailure),
    );
  };

  return (
    <div className="stock-alert">
      {data.alert ? (
        <>
          <p id={statusId} className="stock-alert__status" role="status">
            {t('detail.stockAlert.asked')}
          </p>
          <Button
            variant="secondary"
            size="sm"
            aria-describedby={statusId}
            busy={cancelling.isLoading}
            busyLabel={t('detail.stockAlert.cancelling')}
            onClick={() => void run(() => cancelAlert(productId))}
          >
            {t('detail.stockAlert.cancel')}
          </Button>
        </>
      ) : (
        <Button
          variant="secondary"
          size="sm"
          busy={requesting.isLoading}
          busyLabel={t('detail.stockAlert.asking')}
          onClick={() => void run(() => requestAlert({ productId, language: lang }))}
        >
          {t('detail.stockAlert.ask')}
        </Button>
      )}
      {failure && <Alert tone="error">{failure}</Alert>}
    </div>
  );
}
