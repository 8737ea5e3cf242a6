import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '@hls/contract/file-size';
import type { SubmissionFile } from '@hls/contract';
import { useAppDispatch } from '@/app/hooks';
import { EpubReportView } from '@/components/epub/epub-report';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/notify';
import { downloadSubmissionFile } from '../download-file';
import { FlagBadges } from './badges';

function FileRow({ file, locale }: { file: SubmissionFile; locale: string }) {
  const { t } = useTranslation('editorial');
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadSubmissionFile(file.url, file.originalName, dispatch);
    } catch {
      notify.error(t('files.failed'), file.originalName);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="ed-file">
      <div className="ed-file__text">
        <span className="ed-file__slot">{t(`slots.${file.slot}`)}</span>
        <span className="ed-file__name">{file.originalName}</span>
        <span className="ed-file__meta">
          {formatFileSize(file.sizeBytes, locale)}
          {file.pages !== null && ` · ${t('files.pages', { count: file.pages })}`}
          {file.width !== null && file.height !== null && ` · ${file.width} × ${file.height} px`}
        </span>
        <FlagBadges flags={file.flags} />
        {file.epubReport && <EpubReportView report={file.epubReport} locale={locale} />}
      </div>
      <Button
        variant="secondary"
        size="sm"
        busy={busy}
        busyLabel={t('files.downloading')}
        onClick={() => void download()}
      >
        {t('files.download')}
        <span className="visually-hidden"> {file.originalName}</span>
      </Button>
    </li>
  );
}

/** A version's uploads with their download buttons (the author's and the editors' only). */
export function SubmissionFiles({ files, locale }: { files: SubmissionFile[]; locale: string }) {
  const { t } = useTranslation('editorial');
  if (files.length === 0) return <p className="ed-muted">{t('files.none')}</p>;
  return (
    <ul className="ed-files">
      {files.map((file) => (
        <FileRow key={file.id} file={file} locale={locale} />
      ))}
    </ul>
  );
}
