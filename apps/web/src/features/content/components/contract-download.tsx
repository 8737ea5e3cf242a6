import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/components/ui/notify';
import { useLazyGetDocumentLinkQuery } from '../api/content-api';

export const CONTRACT_FILE_NAME = 'contrat.pdf';

/** Saves a same-origin file under the given name, as a click on a download link would. */
function saveAs(href: string, fileName: string) {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

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
      saveAs(file, CONTRACT_FILE_NAME);
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
