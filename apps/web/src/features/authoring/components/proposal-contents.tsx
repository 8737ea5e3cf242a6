import { useTranslation } from 'react-i18next';
import { archiveParts, softwareApps, usageLicences } from '@hls/contract/values';
import type { FileType, SoftwareApp } from '@hls/contract';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError, TextField } from '@/components/ui/field';
import type { ProposalFields } from '../hooks/use-proposal-form';
import { RadioGroup } from './radio-group';

/** The software a file of each type usually opens in (any the author already chose is offered too). */
const softwareByType: Record<FileType, readonly SoftwareApp[]> = {
  excel: ['excel', 'excel_mac', 'libreoffice_calc', 'google_sheets'],
  word: ['word', 'libreoffice_writer'],
  powerpoint: ['powerpoint', 'keynote', 'libreoffice_impress'],
  powerbi: ['powerbi_desktop', 'excel'],
  publisher: ['publisher'],
  access: ['access'],
  pdf: ['pdf_reader'],
  package: softwareApps,
};
/** Types delivered as a ZIP archive, whose parts the author names. */
const archiveTypes = new Set<FileType>(['package', 'powerbi', 'access', 'publisher']);

type ProposalContentsProps = {
  headingId: string;
  fields: ProposalFields;
  /** Academic files are free: they offer no commercial use. */
  academic: boolean;
};

/** A file's "Contents": its pages, sheets and slides, the parts of an archive, the software and its use. */
export function ProposalContents({ headingId, fields, academic }: ProposalContentsProps) {
  const { t } = useTranslation(['authoring', 'catalog']);
  const { values, errors, update, text, error } = fields;

  const offeredSoftware = softwareApps.filter(
    (app) =>
      (values.fileType === '' ? softwareApps : softwareByType[values.fileType]).includes(app) ||
      values.software.some((chosen) => chosen.app === app),
  );
  const toggleSoftware = (app: SoftwareApp, on: boolean) =>
    update({
      software: on
        ? [...values.software, { app, version: '' }]
        : values.software.filter((chosen) => chosen.app !== app),
    });
  const setVersion = (app: SoftwareApp, version: string) =>
    update({ software: values.software.map((chosen) => (chosen.app === app ? { app, version } : chosen)) });

  return (
    <section className="proposal-form__group" aria-labelledby={`${headingId}-contents`}>
      <h3 id={`${headingId}-contents`} className="proposal-form__subtitle">
        {t('authoring:form.contents')}
      </h3>
      <p className="proposal-form__note">{t('authoring:form.contentsIntro')}</p>
      <div className="form__grid form__grid--3">
        <TextField
          label={t('authoring:fields.pages')}
          inputMode="numeric"
          autoComplete="off"
          {...text('pages')}
        />
        <TextField
          label={t('authoring:fields.sheets')}
          inputMode="numeric"
          autoComplete="off"
          {...text('sheets')}
        />
        <TextField
          label={t('authoring:fields.slides')}
          inputMode="numeric"
          autoComplete="off"
          {...text('slides')}
        />
      </div>
      {values.fileType !== '' && archiveTypes.has(values.fileType) && (
        <fieldset
          className={`choice-group${errors.archiveParts ? ' field--invalid' : ''}`}
          aria-describedby={errors.archiveParts ? 'archiveParts-error' : undefined}
        >
          <legend className="field__label">{t('authoring:fields.archiveParts')}</legend>
          <div className="proposal-form__checks">
            {archiveParts.map((part) => (
              <Checkbox
                key={part}
                label={t(`catalog:archiveParts.${part}`)}
                checked={values.archiveParts.includes(part)}
                onChange={(event) =>
                  update({
                    archiveParts: event.target.checked
                      ? archiveParts.filter((p) => p === part || values.archiveParts.includes(p))
                      : values.archiveParts.filter((p) => p !== part),
                  })
                }
              />
            ))}
          </div>
          {errors.archiveParts && <FieldError id="archiveParts-error">{error('archiveParts')}</FieldError>}
        </fieldset>
      )}
      <fieldset
        className={`choice-group${errors.software ? ' field--invalid' : ''}`}
        aria-describedby={errors.software ? 'software-error' : 'software-hint'}
      >
        <legend className="field__label">{t('authoring:fields.software')}</legend>
        <p className="field__hint" id="software-hint">
          {t('authoring:fields.softwareHint')}
        </p>
        {offeredSoftware.map((app) => {
          const chosen = values.software.find((entry) => entry.app === app);
          return (
            <div key={app} className="proposal-software">
              <Checkbox
                label={t(`catalog:software.${app}`)}
                checked={chosen !== undefined}
                onChange={(event) => toggleSoftware(app, event.target.checked)}
              />
              {chosen && (
                <TextField
                  label={t('authoring:fields.softwareVersion', { app: t(`catalog:software.${app}`) })}
                  name={`software-${app}`}
                  maxLength={20}
                  autoComplete="off"
                  value={chosen.version}
                  onChange={(event) => setVersion(app, event.target.value)}
                />
              )}
            </div>
          );
        })}
        {errors.software && <FieldError id="software-error">{error('software')}</FieldError>}
      </fieldset>
      {!academic && (
        <RadioGroup
          legend={t('authoring:fields.usage')}
          name="usage"
          value={values.usage === '' ? 'personal' : values.usage}
          options={usageLicences.map((usage) => ({
            value: usage,
            label: t(`authoring:usage.${usage}`),
            description: t(`authoring:usage.${usage}Hint`),
          }))}
          onChange={(usage) => update({ usage })}
          error={error('usage')}
        />
      )}
    </section>
  );
}
