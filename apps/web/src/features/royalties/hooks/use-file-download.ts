import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/app/hooks';
import { notify } from '@/components/ui/notify';
import { downloadProtectedFile } from '@/lib/protected-download';

/**
 * A download button's state: `busy` while the file comes, a toast when the server refuses it or cannot be
 * reached (the button stays where it is, ready for another try).
 */
export function useFileDownload() {
  const { t } = useTranslation(['royalties', 'errors']);
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState<string | null>(null);

  const download = async (key: string, apiPath: string, fallbackName: string) => {
    setBusy(key);
    try {
      const outcome = await downloadProtectedFile(apiPath, fallbackName, dispatch);
      if (!outcome.ok)
        notify.error(
          t('royalties:download.failed'),
          outcome.status === null
            ? t('errors:network')
            : outcome.status === 404
              ? t('royalties:download.notFound')
              : t('royalties:download.failedText'),
        );
      return outcome.ok;
    } finally {
      setBusy(null);
    }
  };

  return { busy, download };
}
