import { useTranslation } from 'react-i18next';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError, TextField } from '@/components/ui/field';
import type { ProposalFields } from '../hooks/use-proposal-form';
import { quoteArgs } from '../proposal-values';
import { RoyaltyQuote } from './royalty-quote';

/** A book's "Editions": paper and e-book with their prices (and what each earns), ISBN, pages and publisher. */
export function ProposalEditions({ headingId, fields }: { headingId: string; fields: ProposalFields }) {
  const { t } = useTranslation('authoring');
  const { values, errors, update, text, error } = fields;
  return (
    <section className="proposal-form__group" aria-labelledby={`${headingId}-editions`}>
      <h3 id={`${headingId}-editions`} className="proposal-form__subtitle">
        {t('authoring:form.editions')}
      </h3>
      <fieldset
        className={`proposal-editions${errors.editions ? ' field--invalid' : ''}`}
        aria-describedby={errors.editions ? 'editions-error' : 'editions-hint'}
      >
        <legend className="field__label">{t('authoring:fields.editions')}</legend>
        <p className="field__hint" id="editions-hint">
          {t('authoring:fields.editionsHint')}
        </p>
        <div className="proposal-edition">
          <Checkbox
            label={t('authoring:fields.paper')}
            checked={values.paper}
            onChange={(event) => update({ paper: event.target.checked })}
          />
          {values.paper && (
            <div className="proposal-edition__price">
              <TextField
                label={t('authoring:fields.paperPrice')}
                inputMode="decimal"
                autoComplete="off"
                required
                {...text('paperPrice')}
              />
              <RoyaltyQuote
                args={quoteArgs(values.paperPrice, (priceCents) => ({
                  kind: 'book',
                  format: 'paper',
                  priceCents,
                }))}
              />
            </div>
          )}
        </div>
        <div className="proposal-edition">
          <Checkbox
            label={t('authoring:fields.ebook')}
            checked={values.ebook}
            onChange={(event) => update({ ebook: event.target.checked })}
          />
          {values.ebook && (
            <div className="proposal-edition__price">
              <TextField
                label={t('authoring:fields.ebookPrice')}
                inputMode="decimal"
                autoComplete="off"
                required
                {...text('ebookPrice')}
              />
              <RoyaltyQuote
                args={quoteArgs(values.ebookPrice, (priceCents) => ({
                  kind: 'book',
                  format: 'ebook',
                  priceCents,
                }))}
              />
            </div>
          )}
        </div>
        {errors.editions && <FieldError id="editions-error">{error('editions')}</FieldError>}
      </fieldset>
      <div className="form__grid">
        <TextField
          label={t('authoring:fields.isbn')}
          hint={t('authoring:fields.isbnHint')}
          autoComplete="off"
          {...text('isbn')}
        />
        <TextField
          label={t('authoring:fields.pages')}
          inputMode="numeric"
          autoComplete="off"
          {...text('pages')}
        />
      </div>
      <div className="form__grid">
        <TextField
          label={t('authoring:fields.publisher')}
          hint={t('authoring:fields.publisherHint')}
          maxLength={120}
          autoComplete="organization"
          {...text('publisher')}
        />
        <TextField
          label={t('authoring:fields.publicationDate')}
          type="date"
          max={new Date().toISOString().slice(0, 10)}
          {...text('publicationDate')}
        />
      </div>
    </section>
  );
}
