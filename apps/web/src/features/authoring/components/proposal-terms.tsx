import { useTranslation } from 'react-i18next';
import { licences, publishingRights } from '@hls/contract';
import { Checkbox } from '@/components/ui/checkbox';
import { TextField } from '@/components/ui/field';
import type { ProposalFields } from '../hooks/use-proposal-form';
import { quoteArgs } from '../proposal-values';
import { RadioGroup } from './radio-group';
import { RoyaltyQuote } from './royalty-quote';

type SectionProps = { headingId: string; fields: ProposalFields };

/** An academic file's "Rights": free of charge, who holds the publishing rights, confidentiality, licence. */
export function ProposalRights({ headingId, fields }: SectionProps) {
  const { t } = useTranslation('authoring');
  const { values, update, error } = fields;
  return (
    <section className="proposal-form__group" aria-labelledby={`${headingId}-rights`}>
      <h3 id={`${headingId}-rights`} className="proposal-form__subtitle">
        {t('authoring:form.rights')}
      </h3>
      <p className="proposal-form__note">{t('authoring:form.academicFree')}</p>
      <RadioGroup
        legend={t('authoring:fields.rights')}
        name="rights"
        value={values.rights}
        options={publishingRights.map((right) => ({
          value: right,
          label: t(`authoring:rights.${right}`),
        }))}
        onChange={(right) => update({ rights: right })}
        error={error('rights')}
      />
      <Checkbox
        label={t('authoring:fields.confidential')}
        description={t('authoring:fields.confidentialHint')}
        checked={values.confidential}
        onChange={(event) => update({ confidential: event.target.checked })}
      />
      <RadioGroup
        legend={t('authoring:fields.licence')}
        name="licence"
        value={values.licence}
        options={licences.map((licence) => ({
          value: licence,
          label: t(`authoring:licences.${licence}`),
          description: t(`authoring:licences.${licence}Hint`),
        }))}
        onChange={(licence) => update({ licence })}
        error={error('licence')}
      />
    </section>
  );
}

/** A professional file's "Price", with what it earns the author. */
export function ProposalPrice({ headingId, fields }: SectionProps) {
  const { t } = useTranslation('authoring');
  const { values, text } = fields;
  return (
    <section className="proposal-form__group" aria-labelledby={`${headingId}-price`}>
      <h3 id={`${headingId}-price`} className="proposal-form__subtitle">
        {t('authoring:form.price')}
      </h3>
      <TextField
        label={t('authoring:fields.price')}
        hint={t('authoring:fields.priceHint')}
        inputMode="decimal"
        autoComplete="off"
        required
        {...text('price')}
      />
      <RoyaltyQuote
        args={quoteArgs(values.price, (priceCents) => ({
          kind: 'file',
          section: 'professional',
          priceCents,
        }))}
      />
    </section>
  );
}
