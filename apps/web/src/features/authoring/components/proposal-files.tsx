import { useTranslation } from 'react-i18next';
import type { ProposalKind } from '../api/authoring-api';
import type { ProposalFields, ProposalUploads } from '../hooks/use-proposal-form';
import { acceptedCover, acceptedFiles, acceptedManuscript } from '../labels';
import { UploadField } from './upload-field';

type ProposalFilesProps = {
  kind: ProposalKind;
  headingId: string;
  fields: ProposalFields;
  uploads: ProposalUploads;
};

/** "Files": the manuscript or the file sold (of the declared type), and the cover. */
export function ProposalFiles({ kind, headingId, fields, uploads }: ProposalFilesProps) {
  const { t } = useTranslation(['authoring', 'catalog']);
  const { values, errors } = fields;
  const { mainSlot, main, cover, typeNeedsFile, sendMain, sendCover } = uploads;
  return (
    <section className="proposal-form__group" aria-labelledby={`${headingId}-files`}>
      <h3 id={`${headingId}-files`} className="proposal-form__subtitle">
        {t('authoring:form.files')}
      </h3>
      <UploadField
        slot={mainSlot}
        label={t(kind === 'book' ? 'authoring:fields.manuscript' : 'authoring:fields.file')}
        hint={
          kind === 'book'
            ? t('authoring:fields.manuscriptHint')
            : values.fileType
              ? t('authoring:fields.fileHintType', {
                  type: t(`catalog:fileTypes.${values.fileType}`),
                  extensions: acceptedFiles[values.fileType]
                    .split(',')
                    .filter((ext) => ext.startsWith('.'))
                    .join(', '),
                })
              : t('authoring:fields.fileHint')
        }
        accept={
          kind === 'book'
            ? acceptedManuscript
            : values.fileType
              ? acceptedFiles[values.fileType]
              : Object.values(acceptedFiles).join(',')
        }
        required
        state={main}
        disabled={kind === 'file' && values.fileType === ''}
        error={errors[mainSlot] ?? (typeNeedsFile ? t('authoring:form.newTypeNeedsFile') : undefined)}
        onFile={sendMain}
      />
      <UploadField
        slot="cover"
        label={t('authoring:fields.cover')}
        hint={t('authoring:fields.coverHint')}
        accept={acceptedCover}
        state={cover}
        error={errors.cover}
        onFile={sendCover}
      />
    </section>
  );
}
