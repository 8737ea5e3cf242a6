import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { taxCategories, type TaxCategory, type VatRate } from '@hls/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { notify } from '@/components/ui/notify';
import { PageSpinner } from '@/components/ui/spinner';
import { useErrorText } from '@/i18n/use-error-text';
import { useValidationText } from '@/i18n/use-validation-text';
import { toApiFailure } from '@/lib/api-error';
import { fieldErrorsFromServer, type FieldErrors } from '@/lib/form-errors';
import { useAddVatRateMutation, useGetVatRatesQuery } from '../api/tax-api';
import { formatRateBp } from '../quarters';
import { TaxLoadFailed } from './tax-load-failed';

const today = () => new Date().toISOString().slice(0, 10);

const utcDay = (day: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

type RateValues = {
  country: string;
  category: TaxCategory;
  percent: string;
  validFrom: string;
  source: string;
};

/** A new rate of a country and category from a day on; the server says what is wrong, field by field. */
function AddRateForm({ country, locale }: { country: string; locale: string }) {
  const { t } = useTranslation(['tax', 'toast']);
  const errorText = useErrorText();
  const validationText = useValidationText();
  const [add, { isLoading }] = useAddVatRateMutation();
  const [values, setValues] = useState<RateValues>({
    country,
    category: 'ebook',
    percent: '',
    validFrom: today(),
    source: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    // An empty rate is no rate (the server would read it as 0 %).
    if (!values.percent.trim()) {
      setErrors({ ratePercent: 'ratePercent.invalid' });
      return;
    }
    const result = await add({
      country: values.country,
      category: values.category,
      // The decimal comma as the French type it.
      ratePercent: values.percent.trim().replace(',', '.') as unknown as number,
      validFrom: values.validFrom,
      ...(values.source.trim() ? { source: values.source.trim() } : {}),
    });
    if (result.data) {
      setErrors({});
      notify.success(
        t('tax:rates.added', { country: result.data.country, date: utcDay(result.data.validFrom, locale) }),
      );
      setValues((v) => ({ ...v, percent: '', source: '' }));
      return;
    }
    const failure = toApiFailure(result.error);
    const serverErrors = fieldErrorsFromServer(failure.fields);
    setErrors(serverErrors);
    notify.error(t('toast:operationFailed'), errorText(failure));
    if (Object.keys(serverErrors).length === 0) setFormError(errorText(failure));
  };

  const set = (field: keyof RateValues) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));
  return (
    <form className="form tax-rate-form" noValidate onSubmit={submit} aria-labelledby="tax-rate-form-title">
      <h3 className="tax-subtitle" id="tax-rate-form-title">
        {t('tax:rates.formTitle')}
      </h3>
      <p className="tax-section__intro">{t('tax:rates.formIntro')}</p>
      {formError && <Alert tone="error">{formError}</Alert>}
      <div className="tax-rate-form__grid">
        <TextField
          label={t('tax:rates.country')}
          name="country"
          autoComplete="off"
          maxLength={2}
          required
          value={values.country}
          error={validationText(errors.country)}
          onChange={(event) => setValues((v) => ({ ...v, country: event.target.value.toUpperCase() }))}
        />
        <SelectField
          label={t('tax:rates.category')}
          name="category"
          value={values.category}
          onChange={set('category')}
          options={taxCategories.map((category) => ({
            value: category,
            label: t(`tax:rates.categories.${category}`),
          }))}
          error={validationText(errors.category)}
        />
        <TextField
          label={t('tax:rates.percent')}
          name="ratePercent"
          inputMode="decimal"
          autoComplete="off"
          required
          value={values.percent}
          hint={t('tax:rates.percentHint')}
          error={validationText(errors.ratePercent)}
          onChange={set('percent')}
        />
        <TextField
          label={t('tax:rates.from')}
          type="date"
          name="validFrom"
          min={today()}
          required
          value={values.validFrom}
          error={validationText(errors.validFrom)}
          onChange={set('validFrom')}
        />
      </div>
      <div className="tax-rate-form__source">
        <TextField
          label={t('tax:rates.sourceField')}
          name="source"
          autoComplete="off"
          maxLength={200}
          value={values.source}
          hint={t('tax:rates.sourceHint')}
          error={validationText(errors.source)}
          onChange={set('source')}
        />
      </div>
      <div className="form__actions">
        <Button type="submit" busy={isLoading} busyLabel={t('tax:rates.saving')}>
          {t('tax:rates.submit')}
        </Button>
      </div>
    </form>
  );
}

/** The rates of one country (or every country): each category's periods, the one in force marked. */
function RatesTable({ rates, locale }: { rates: VatRate[]; locale: string }) {
  const { t } = useTranslation('tax');
  const countries = useMemo(() => new Intl.DisplayNames([locale], { type: 'region' }), [locale]);
  const day = today();
  const labels = {
    country: t('rates.country'),
    category: t('rates.category'),
    rate: t('rates.rate'),
    from: t('rates.validFrom'),
    to: t('rates.validTo'),
    source: t('rates.source'),
  };
  return (
    <div className="bo-table-wrap">
      <table className="bo-table tax-table tax-rates">
        <caption className="visually-hidden">{t('rates.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{labels.country}</th>
            <th scope="col">{labels.category}</th>
            <th scope="col" className="bo-table__money">
              {labels.rate}
            </th>
            <th scope="col">{labels.from}</th>
            <th scope="col">{labels.to}</th>
            <th scope="col">{labels.source}</th>
          </tr>
        </thead>
        <tbody>
          {rates.map((rate) => {
            const inForce = rate.validFrom <= day && (rate.validTo === null || rate.validTo >= day);
            return (
              <tr key={rate.id} className={inForce ? 'tax-rates__current' : undefined}>
                <th scope="row" data-label={labels.country}>
                  <span>
                    {countries.of(rate.country) ?? rate.country}{' '}
                    <span className="tax-code">{rate.country}</span>
                  </span>
                </th>
                <td data-label={labels.category}>{t(`rates.categories.${rate.category}`)}</td>
                <td className="bo-table__money" data-label={labels.rate}>
                  <strong>{formatRateBp(rate.rateBp, locale)}</strong>
                </td>
                <td data-label={labels.from}>{utcDay(rate.validFrom, locale)}</td>
                <td data-label={labels.to}>
                  {rate.validTo ? (
                    utcDay(rate.validTo, locale)
                  ) : inForce ? (
                    <span className="bo-flag tax-flag">{t('rates.current')}</span>
                  ) : (
                    '—'
                  )}
                </td>
                <td data-label={labels.source} className="tax-rates__source">
                  {rate.source}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** "VAT rates": the rates per country (one country at a time, or all), and the form adding one from a day on. */
export function VatRatesPanel({ locale }: { locale: string }) {
  const { t } = useTranslation('tax');
  const { data, error, isLoading, isFetching, refetch } = useGetVatRatesQuery(undefined);
  const [country, setCountry] = useState('FR');
  const countryNames = useMemo(() => new Intl.DisplayNames([locale], { type: 'region' }), [locale]);
  const known = useMemo(() => {
    const codes = [...new Set((data ?? []).map((rate) => rate.country))];
    const collator = new Intl.Collator(locale);
    return codes
      .map((code) => ({ value: code, label: countryNames.of(code) ?? code }))
      .sort((a, b) => collator.compare(a.label, b.label));
  }, [data, countryNames, locale]);
  const shown = (data ?? []).filter((rate) => country === '' || rate.country === country);

  return (
    <section className="card tax-section" aria-labelledby="tax-rates-title">
      <h2 className="tax-section__title" id="tax-rates-title">
        {t('rates.title')}
      </h2>
      <p className="tax-section__intro">{t('rates.intro')}</p>
      {isLoading ? (
        <PageSpinner label={t('vat.loading')} />
      ) : !data ? (
        <TaxLoadFailed error={error} busy={isFetching} onRetry={() => void refetch()} />
      ) : (
        <>
          <div className="tax-toolbar">
            <SelectField
              label={t('rates.filter')}
              name="rateCountry"
              value={country}
              onChange={(event) => setCountry(event.target.value)}
              options={[{ value: '', label: t('rates.allCountries') }, ...known]}
            />
          </div>
          {shown.length === 0 ? (
            <p className="tax-muted">{t('rates.empty')}</p>
          ) : (
            <RatesTable rates={shown} locale={locale} />
          )}
          <AddRateForm key={country} country={country} locale={locale} />
        </>
      )}
    </section>
  );
}
