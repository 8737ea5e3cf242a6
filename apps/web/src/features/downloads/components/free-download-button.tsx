import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useErrorText } from '@/i18n/use-error-text';
import { loadNamespaces } from '@/i18n/namespaces';
import { toApiFailure } from '@/lib/api-error';
import { saveFile } from '@/lib/save-file';
import { useDownloadFreeFileMutation } from '../api/downloads-api';

/**
 * A free academic file's download, for a logged-in user: the entitlement and the file in one click. Its words
 * are the file page's own (namespace `catalog`), so the page loads nothing more for it.
 */
export function FreeDownloadButton({
  productId,
  onDownloaded,
}: {
  productId: number;
  /** Called once the file's download has started. */
  onDownloaded?: () => void;
}) {
  const { t } = useTranslation('catalog');
  const errorText = useErrorText();
  const [download, { isLoading }] = useDownloadFreeFileMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const start = async () => {
    if (isLoading) return;
    setFailure(null);
    const result = await download(productId);
    if (result.data) {
      saveFile(result.data.url);
      onDownloaded?.();
      return;
    }
    const failure = toApiFailure(result.error);
    if (!failure.hasResponse || !failure.code) {
      setFailure(t('detail.freeDownloadFailed'));
      return;
    }
    // The reason in the visitor's language: the error codes' words load with the first failure.
    await loadNamespaces(['errors']);
    setFailure(errorText(failure));
  };

  return (
    <div className="free-download">
      <Button size="lg" busy={isLoading} busyLabel={t('detail.freeDownloading')} onClick={() => void start()}>
        {t('detail.freeDownload')}
      </Button>
      {failure && (
        <p className="free-download__error" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
