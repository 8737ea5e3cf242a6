import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useErrorText } from '@/i18n/use-error-text';
import { toApiFailure } from '@/lib/api-error';

/** A VAT panel that could not load: admins only (403), or the error with a retry. */
export function TaxLoadFailed({
  error,
  busy,
  onRetry,
}: {
  error: unknown;
  busy: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation('tax');
  const errorText = useErrorText();
  const failure = toApiFailure(error);
  if (failure.status === 403) return <EmptyState title={t('vat.forbiddenTitle')} text={t('vat.forbidden')} />;
  return (
    <Alert tone="error" title={t('vat.loadFailed')}>
      <p>{errorText(failure)}</p>
      <Button variant="secondary" size="sm" busy={busy} onClick={onRetry}>
        {t('vat.retry')}
      </Button>
    </Alert>
  );
}
