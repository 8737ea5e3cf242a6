import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Download } from '@hls/contract';
import { formatFileSize } from '@hls/contract/file-size';
import { Button } from '@/components/ui/button';
import { FileTypeIcon } from '@/components/ui/file-type-icon';
import { useErrorText } from '@/i18n/use-error-text';
import { toApiFailure } from '@/lib/api-error';
import { formatDate } from '@/lib/dates';
import { saveFile } from '@/lib/save-file';
import { useCreateDownloadLinkMutation } from '../api/downloads-api';

/** How long after a download starts the row reads its count again. */
const COUNT_REFRESH_MS = 1500;

type DownloadRowProps = { download: Download; locale: string; onDownloaded: () => void };

/** One file the customer may download: what it is, its state, and the button that fetches a fresh link. */
export function DownloadRow({ download, locale, onDownloaded }: DownloadRowProps) {
  const { t } = useTranslation(['downloads', 'orders']);
  const errorText = useErrorText();
  const [createLink, { isLoading }] = useCreateDownloadLinkMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = `download-${download.entitlementId}`;
  // The server counts a download when it starts sending the file, a moment after the link is followed.
  const refresh = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(refresh.current), []);

  const start = async () => {
    if (isLoading) return;
    setFailure(null);
    const result = await createLink(download.entitlementId);
    if (result.data) {
      saveFile(result.data.url);
      clearTimeout(refresh.current);
      refresh.current = setTimeout(onDownloaded, COUNT_REFRESH_MS);
      return;
    }
    setFailure(errorText(toApiFailure(result.error)));
  };

  return (
    <li className={`download-row download-row--${download.status}`}>
      <FileTypeIcon
        type={download.fileType}
        size={40}
        label={t(`orders:fileTypes.${download.fileType}`)}
        className="download-row__icon"
      />
      <div className="download-row__info">
        <h3 id={titleId} className="download-row__title">
          {download.title}
        </h3>
        <p className="download-row__file">
          <span className="download-row__name">{download.fileName}</span>
          <span aria-hidden="true"> · </span>
          <span>{formatFileSize(download.sizeBytes, locale)}</span>
        </p>
        <p className="download-row__meta">
          {download.orderNumber
            ? t('downloads:row.order', { number: download.orderNumber })
            : t('downloads:row.free')}
          <span aria-hidden="true"> · </span>
          {download.firstDownloadAt
            ? t('downloads:row.downloaded', {
                count: download.downloadCount,
                date: formatDate(download.firstDownloadAt, locale),
              })
            : t('downloads:row.notYet')}
        </p>
        {download.status === 'preparing' && (
          <p className="download-row__preparing" role="status">
            {t('downloads:row.preparing')}
          </p>
        )}
        {download.status === 'revoked' && (
          <p className="download-row__revoked">{t('downloads:row.revoked')}</p>
        )}
        {failure && (
          <p className="download-row__error" role="alert">
            {failure}
          </p>
        )}
      </div>
      {download.status !== 'revoked' && (
        <Button
          className="download-row__button"
          busy={isLoading}
          busyLabel={t('downloads:row.starting')}
          disabled={download.status !== 'ready'}
          onClick={() => void start()}
        >
          {t('downloads:row.download')}
          <span className="visually-hidden"> {download.title}</span>
        </Button>
      )}
    </li>
  );
}
