import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/field';
import { paths } from '@/config/paths';
import type { FileSection } from '../api/authoring-api';
import { useProposalForm } from '../hooks/use-proposal-form';
import type { ProposalFormOptions } from '../hooks/use-proposal-form';
import { ProposalAbout } from './proposal-about';
import { ProposalContents } from './proposal-contents';
import { ProposalEditions } from './proposal-editions';
import { ProposalFiles } from './proposal-files';
import { ProposalPrice, ProposalRights } from './proposal-terms';
import { RadioGroup } from './radio-group';

/**
 * The proposal of a book or a file (SPEC §2, §7): its fields, cover and manuscript or file, saved as a draft on
 * the server while it is written, with the royalty a price earns; sent for review, or as the next version of a
 * proposal the editors asked changes to.
 */
export function ProposalForm(props: ProposalFormOptions) {
  const { kind, mode, onClose } = props;
  const { t } = useTranslation(['authoring', 'catalog', 'toast', 'errors']);
  const form = useProposalForm(props);
  const { fields, draft } = form;
  const { values } = fields;
  const academic = kind === 'file' && values.section === 'academic';

  const draftStatus =
    draft.status === 'saving'
      ? t('authoring:draft.saving')
      : draft.status === 'saved'
        ? t('authoring:draft.saved')
        : draft.status === 'failed'
          ? t('authoring:draft.failed')
          : draft.id
            ? t('authoring:draft.continued')
            : t('authoring:draft.idle');

  const headingId = `proposal-${kind}-${mode}`;
  return (
    <form className="form proposal-form" noValidate onSubmit={form.onSubmit} aria-labelledby={headingId}>
      <h2 id={headingId} className="form__title">
        {mode === 'revise'
          ? t('authoring:form.reviseTitle')
          : t(kind === 'book' ? 'authoring:form.bookTitle' : 'authoring:form.fileTitle')}
      </h2>
      <p className="form__intro">
        {mode === 'revise' ? t('authoring:form.reviseIntro') : t('authoring:form.intro')}{' '}
        {mode === 'new' && <Link to={paths.publish.getHref()}>{t('authoring:form.guide')}</Link>}
      </p>
      {form.formError && <Alert tone="error">{form.formError}</Alert>}

      {kind === 'file' && (
        <RadioGroup<FileSection>
          legend={t('authoring:fields.section')}
          name="section"
          value={form.sectionChosen ? values.section : ''}
          disabled={draft.id !== null}
          hint={draft.id !== null ? t('authoring:fields.sectionFixed') : t('authoring:fields.sectionHint')}
          options={[
            {
              value: 'academic',
              label: t('authoring:sections.academic'),
              description: t('authoring:sections.academicHint'),
            },
            {
              value: 'professional',
              label: t('authoring:sections.professional'),
              description: t('authoring:sections.professionalHint'),
            },
          ]}
          onChange={form.chooseSection}
          error={fields.error('section')}
        />
      )}

      {form.sectionChosen && (
        <>
          <ProposalAbout
            kind={kind}
            section={form.section}
            headingId={headingId}
            fields={fields}
            twinOptions={form.twinOptions}
          />

          {kind === 'book' ? (
            <ProposalEditions headingId={headingId} fields={fields} />
          ) : academic ? (
            <ProposalRights headingId={headingId} fields={fields} />
          ) : (
            <ProposalPrice headingId={headingId} fields={fields} />
          )}

          {kind === 'file' && <ProposalContents headingId={headingId} fields={fields} academic={academic} />}

          <ProposalFiles kind={kind} headingId={headingId} fields={fields} uploads={form.uploads} />

          {mode === 'revise' && (
            <TextAreaField
              label={t('authoring:fields.note')}
              hint={t('authoring:fields.noteHint')}
              name="note"
              rows={3}
              maxLength={2000}
              value={form.note}
              onChange={(event) => form.setNote(event.target.value)}
              error={fields.error('note')}
            />
          )}

          <div className="form__actions proposal-form__actions">
            <p className="proposal-form__draft" role="status">
              {draftStatus}
            </p>
            {mode === 'revise' && onClose && (
              <Button variant="secondary" onClick={onClose}>
                {t('authoring:form.closeRevise')}
              </Button>
            )}
            <Button
              type="submit"
              busy={form.sending}
              busyLabel={t('authoring:form.sending')}
              disabled={form.uploading}
            >
              {mode === 'revise' ? t('authoring:form.resubmit') : t('authoring:form.submit')}
            </Button>
          </div>
        </>
      )}
    </form>
  );
}
