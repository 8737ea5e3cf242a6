import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/components/ui/notify';
import { saveFile } from '@/lib/save-file';
import { useLazyGetDocumentLinkQuery } from '../api/content-api';

export const CONTRACT_FILE_NAME = 'contrat.pdf';

type ContractDownloadProps = { className?: string; children: ReactNode };

/** Asks the API where the author contract is, then downloads it as contrat.pdf. */
export function ContractDownload({ className, children }: ContractDownloadProps) {
  const { t } = useTranslation('common');
  const [fetchLink] = useLazyGetDocumentLinkQuery();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const { file } = await fetchLink('contrat', true).unwrap();
      saveFile(file, CONTRACT_FILE_NAME);
    } catch {
      notify.error(t('contract.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={className}
      onClick={() => void download()}
      aria-busy={busy || undefined}
      disabled={busy}
    >
      {children}
    </button>
  );
}
