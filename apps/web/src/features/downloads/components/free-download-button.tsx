import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toApiFailure } from '@/lib/api-error';
import { saveFile } from '@/lib/save-file';
import { useDownloadFreeFileMutation } from '../api/downloads-api';

/**
 * A free academic file's download, for a logged-in user: the entitlement and the file in one click. Its words
 * are the file page's own (namespace `catalog`), so the page loads nothing more for it.
 */
export function FreeDownloadButton({ productId }: { productId: number }) {
  const { t } = useTranslation('catalog');
  const [download, { isLoading }] = useDownloadFreeFileMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const start = async () => {
    if (isLoading) return;
    setFailure(null);
    const result = await download(productId);
    if (result.data) {
      saveFile(result.data.url);
      return;
    }
    const { message, hasResponse } = toApiFailure(result.error);
    setFailure(hasResponse && message ? message : t('detail.freeDownloadFailed'));
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
