import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { WITHHOLDING_MAX_BP } from '@hls/contract';
import type { WithholdingBoard } from '@hls/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { notify } from '@/components/ui/notify';
import { PageSpinner } from '@/components/ui/spinner';
import { useErrorText } from '@/i18n/use-error-text';
import { useValidationText } from '@/i18n/use-validation-text';
import { toApiFailure } from '@/lib/api-error';
import { formatDate, formatDateTime } from '@/lib/dates';
import { fieldErrorsFromServer } from '@/lib/form-errors';
import type { FieldErrors } from '@/lib/form-errors';
import { useAddWithholdingRateMutation, useGetWithholdingRatesQuery } from '../api/payouts-api';
import { countryName, countryOptions } from '../bank-countries';
import { formatRate, percentToBp } from '../format';
import { LoadFailed } from './load-failed';
import { Cell, RoyaltiesTable, type Column } from './royalties-table';

type RateValues = { country: string; percent: string; from: string };

/** Adds a country's withholding rate from a day on (empty: today, the server's); the server's field errors shown. */
function AddWithholdingRateForm({ locale }: { locale: string }) {
  const { t } = useTranslation(['royalties', 'toast']);
  const errorText = useErrorText();
  const validationText = useValidationText();
  const [add, { isLoading }] = useAddWithholdingRateMutation();
  const [values, setValues] = useState<RateValues>({ country: '', percent: '', from: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  // The server's "taken" speaks of a format (it is the royalty rates' message): this form says it of a country.
  const messageOf = (message: string | undefined) =>
    message === 'rate.taken' ? t('royalties:admin.withholding.taken') : validationText(message);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const rateBp = percentToBp(values.percent);
    const problems: FieldErrors = {};
    if (!values.country) problems.country = t('royalties:admin.withholding.chooseCountry');
    if (rateBp === null || rateBp > WITHHOLDING_MAX_BP)
      problems.rateBp = t('royalties:admin.withholding.percentInvalid');
    setErrors(problems);
    if (rateBp === null || Object.keys(problems).length > 0) return;
    const result = await add({
      country: values.country,
      rateBp,
      ...(values.from ? { effectiveFrom: values.from } : {}),
    });
    if (result.data) {
      notify.success(
        t('royalties:admin.withholding.added', {
          country: countryName(result.data.country, locale),
          rate: formatRate(result.data.rateBp, locale),
          date: formatDate(result.data.effectiveFrom, locale),
        }),
      );
      setValues({ country: '', percent: '', from: '' });
      return;
    }
    const failure = toApiFailure(result.error);
    const serverErrors = fieldErrorsFromServer(failure.fields);
    setErrors(serverErrors);
    notify.error(t('toast:operationFailed'), errorText(failure));
    if (Object.keys(serverErrors).length === 0) setFormError(errorText(failure));
  };

  return (
    <form className="form roy-rate-form" noValidate onSubmit={submit} aria-labelledby="roy-wht-form-title">
      <h3 className="roy-subtitle" id="roy-wht-form-title">
        {t('royalties:admin.withholding.formTitle')}
      </h3>
      <p className="roy-section__intro">{t('royalties:admin.withholding.formIntro')}</p>
      {formError && <Alert tone="error">{formError}</Alert>}
      <div className="roy-rate-form__grid">
        <SelectField
          label={t('royalties:admin.withholding.country')}
          name="country"
          required
          value={values.country}
          onChange={(event) => setValues((v) => ({ ...v, country: event.target.value }))}
          options={[
            { value: '', label: t('royalties:admin.withholding.chooseCountry') },
            ...countryOptions(locale),
          ]}
          error={messageOf(errors.country)}
        />
        <TextField
          label={t('royalties:admin.withholding.percent')}
          name="rate"
          inputMode="decimal"
          autoComplete="off"
          required
          value={values.percent}
          hint={t('royalties:admin.withholding.percentHint')}
          error={messageOf(errors.rateBp)}
          onChange={(event) => setValues((v) => ({ ...v, percent: event.target.value }))}
        />
        <TextField
          label={t('royalties:admin.withholding.from')}
          type="date"
          name="effectiveFrom"
          value={values.from}
          hint={t('royalties:admin.withholding.fromHint')}
          error={messageOf(errors.effectiveFrom)}
          onChange={(event) => setValues((v) => ({ ...v, from: event.target.value }))}
        />
      </div>
      <div className="form__actions">
        <Button type="submit" busy={isLoading} busyLabel={t('royalties:admin.withholding.saving')}>
          {t('royalties:admin.withholding.submit')}
        </Button>
      </div>
    </form>
  );
}

/** "Withholding tax": the rate in force per country of residence, the form adding one, and every change. */
export function WithholdingRatesPanel({ locale }: { locale: string }) {
  const { t } = useTranslation('royalties');
  const { data, error, isLoading, isFetching, refetch } = useGetWithholdingRatesQuery();
  if (isLoading) return <PageSpinner label={t('admin.loading')} />;
  if (!data) return <LoadFailed error={error} busy={isFetching} onRetry={() => void refetch()} />;
  const board: WithholdingBoard = data;
  const columns = {
    country: { label: t('admin.withholding.countryColumn') },
    rate: { label: t('admin.withholding.rate'), money: true },
    since: { label: t('admin.withholding.since') },
  } satisfies Record<string, Column>;
  const historyColumns = {
    effectiveFrom: { label: t('admin.withholding.effectiveFrom') },
    country: columns.country,
    rate: columns.rate,
    setBy: { label: t('admin.withholding.setBy') },
  } satisfies Record<string, Column>;
  return (
    <div className="bo-page">
      <section className="card roy-section" aria-labelledby="roy-wht-title">
        <h2 className="roy-section__title" id="roy-wht-title">
          {t('admin.withholding.title')}
        </h2>
        <p className="roy-section__intro">{t('admin.withholding.intro')}</p>
        {board.current.length === 0 ? (
          <p className="roy-muted">{t('admin.withholding.none')}</p>
        ) : (
          <RoyaltiesTable
            className="roy-wht"
            caption={t('admin.withholding.caption')}
            columns={Object.values(columns)}
          >
            {board.current.map((rate) => (
              <tr key={rate.country}>
                <Cell column={columns.country} row>
                  {countryName(rate.country, locale)}
                  <span className="bo-table__email">{rate.country}</span>
                </Cell>
                <Cell column={columns.rate}>
                  <strong>{formatRate(rate.rateBp, locale)}</strong>
                </Cell>
                <Cell column={columns.since}>
                  <time dateTime={rate.effectiveFrom}>{formatDate(rate.effectiveFrom, locale)}</time>
                </Cell>
              </tr>
            ))}
          </RoyaltiesTable>
        )}
        <AddWithholdingRateForm locale={locale} />
      </section>
      <section className="card roy-section" aria-labelledby="roy-wht-history-title">
        <h2 className="roy-section__title" id="roy-wht-history-title">
          {t('admin.withholding.history')}
        </h2>
        {board.changes.length === 0 ? (
          <p className="roy-muted">{t('admin.withholding.noChanges')}</p>
        ) : (
          <RoyaltiesTable
            className="roy-wht-history"
            caption={t('admin.withholding.historyCaption')}
            columns={Object.values(historyColumns)}
          >
            {board.changes.map((change) => (
              <tr key={change.id}>
                <Cell column={historyColumns.effectiveFrom} row>
                  <time dateTime={change.effectiveFrom}>{formatDate(change.effectiveFrom, locale)}</time>
                </Cell>
                <Cell column={historyColumns.country}>{countryName(change.country, locale)}</Cell>
                <Cell column={historyColumns.rate}>
                  <strong>{formatRate(change.rateBp, locale)}</strong>
                </Cell>
                <Cell column={historyColumns.setBy}>
                  {change.createdBy ?? t('admin.rates.unknownAdmin')}
                  <span className="bo-table__email">
                    {t('admin.rates.setOn', { date: formatDateTime(change.createdAt, locale) })}
                  </span>
                </Cell>
              </tr>
            ))}
          </RoyaltiesTable>
        )}
      </section>
    </div>
  );
}
