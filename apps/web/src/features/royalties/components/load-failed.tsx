import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useErrorText } from '@/i18n/use-error-text';
import { toApiFailure } from '@/lib/api-error';

/** A back-office list that could not load: admins only (403), or the error with a retry. */
export function LoadFailed({ error, busy, onRetry }: { error: unknown; busy: boolean; onRetry: () => void }) {
  const { t } = useTranslation('royalties');
  const errorText = useErrorText();
  const failure = toApiFailure(error);
  if (failure.status === 403)
    return <EmptyState title={t('admin.forbidden.title')} text={t('admin.forbidden.text')} />;
  return (
    <Alert tone="error" title={t('admin.loadFailed')}>
      <p>{errorText(failure)}</p>
      <Button variant="secondary" size="sm" busy={busy} onClick={onRetry}>
        {t('retry')}
      </Button>
    </Alert>
  );
}
