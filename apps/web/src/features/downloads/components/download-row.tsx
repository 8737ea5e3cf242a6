import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VersionedDownload } from '@hls/contract/file-versions';
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

type DownloadRowProps = { download: VersionedDownload; locale: string; onDownloaded: () => void };

/**
 * One file the customer may download: what it is, its version and date, its state, the button that fetches a
 * fresh link to the current version, and the earlier versions they keep, each with its own button.
 */
export function DownloadRow({ download, locale, onDownloaded }: DownloadRowProps) {
  const { t } = useTranslation(['downloads', 'orders']);
  const errorText = useErrorText();
  const [createLink, { isLoading }] = useCreateDownloadLinkMutation();
  const [busyVersion, setBusyVersion] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = `download-${download.entitlementId}`;
  // The server counts a download when it starts sending the file, a moment after the link is followed.
  const refresh = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(refresh.current), []);

  /** Downloads the current version (no number) or an earlier one. */
  const start = async (version?: number) => {
    if (isLoading) return;
    setFailure(null);
    setBusyVersion(version ?? download.version.number);
    const result = await createLink({
      entitlementId: download.entitlementId,
      ...(version === undefined ? {} : { version }),
    });
    setBusyVersion(null);
    if (result.data) {
      saveFile(result.data.url);
      clearTimeout(refresh.current);
      refresh.current = setTimeout(onDownloaded, COUNT_REFRESH_MS);
      return;
    }
    setFailure(errorText(toApiFailure(result.error)));
  };

  const { version, earlierVersions } = download;
  const earlierId = `${titleId}-earlier`;
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
        <p className="download-row__version">
          {t('downloads:row.version', {
            number: version.number,
            date: formatDate(version.publishedAt, locale),
          })}
        </p>
        {version.note && (
          <p className="download-row__note">{t('downloads:row.note', { note: version.note })}</p>
        )}
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
          busy={isLoading && busyVersion === version.number}
          busyLabel={t('downloads:row.starting')}
          disabled={download.status !== 'ready' || isLoading}
          onClick={() => void start()}
        >
          {t('downloads:row.download')}
          <span className="visually-hidden"> {download.title}</span>
        </Button>
      )}
      {earlierVersions.length > 0 && (
        <section className="download-row__earlier" aria-labelledby={earlierId}>
          <h4 id={earlierId} className="download-row__earlier-title">
            {t('downloads:earlier.title')}
          </h4>
          <ul className="download-row__earlier-list">
            {earlierVersions.map((earlier) => (
              <li key={earlier.number} className="download-row__earlier-item">
                <div>
                  <p className="download-row__earlier-version">
                    {t('downloads:row.version', {
                      number: earlier.number,
                      date: formatDate(earlier.publishedAt, locale),
                    })}
                  </p>
                  <p className="download-row__file">
                    <span className="download-row__name">{earlier.fileName}</span>
                    <span aria-hidden="true"> · </span>
                    <span>{formatFileSize(earlier.sizeBytes, locale)}</span>
                  </p>
                  {earlier.status === 'preparing' && (
                    <p className="download-row__preparing" role="status">
                      {t('downloads:row.preparing')}
                    </p>
                  )}
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  busy={isLoading && busyVersion === earlier.number}
                  busyLabel={t('downloads:row.starting')}
                  disabled={isLoading}
                  onClick={() => void start(earlier.number)}
                >
                  {t('downloads:earlier.download', { number: earlier.number })}
                  <span className="visually-hidden"> {download.title}</span>
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </li>
  );
}
