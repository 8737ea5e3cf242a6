import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { royaltyFormats } from '@hls/contract/values';
import type { RoyaltyFormat, RoyaltyRateBoard } from '@hls/contract';
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
import { useGetRoyaltyRatesQuery, useScheduleRoyaltyRateMutation } from '../api/payouts-api';
import { formatRate, percentToBp, todayIso } from '../format';
import { changeStanding } from '../rate-standing';
import { LoadFailed } from './load-failed';
import { Cell, RoyaltiesTable, type Column } from './royalties-table';

/** The form's values: a format, a percentage as typed, a first day (empty: at once). */
type RateValues = { format: RoyaltyFormat; percent: string; from: string };

/** Schedules a new rate for a format from a day on (today: at once), never before: sales keep their rate. */
function ScheduleRateForm({ board, locale }: { board: RoyaltyRateBoard; locale: string }) {
  const { t } = useTranslation(['royalties', 'toast']);
  const errorText = useErrorText();
  const validationText = useValidationText();
  const [schedule, { isLoading }] = useScheduleRoyaltyRateMutation();
  const today = todayIso();
  const [values, setValues] = useState<RateValues>({ format: 'ebook', percent: '', from: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const rateBp = percentToBp(values.percent);
    const problems: FieldErrors = {};
    if (rateBp === null) problems.rateBp = t('royalties:admin.rates.percentInvalid');
    if (values.from && values.from < today) problems.effectiveFrom = t('royalties:admin.rates.fromInPast');
    setErrors(problems);
    if (rateBp === null || Object.keys(problems).length > 0) return;
    // A later day starts at its midnight, in the admin's time zone; today means now.
    const effectiveFrom =
      values.from && values.from > today ? new Date(`${values.from}T00:00:00`).toISOString() : undefined;
    const result = await schedule({
      format: values.format,
      rateBp,
      ...(effectiveFrom ? { effectiveFrom } : {}),
    });
    if (result.data) {
      notify.success(
        effectiveFrom
          ? t('royalties:admin.rates.scheduled', {
              format: t(`royalties:formats.${values.format}`),
              date: formatDate(effectiveFrom, locale),
            })
          : t('royalties:admin.rates.applied', { format: t(`royalties:formats.${values.format}`) }),
      );
      setValues((current) => ({ ...current, percent: '', from: '' }));
      return;
    }
    const failure = toApiFailure(result.error);
    const serverErrors = fieldErrorsFromServer(failure.fields);
    setErrors(serverErrors);
    notify.error(t('toast:operationFailed'), errorText(failure));
    if (Object.keys(serverErrors).length === 0) setFormError(errorText(failure));
  };

  const current = board.current[values.format];
  return (
    <form className="form roy-rate-form" noValidate onSubmit={submit} aria-labelledby="roy-rate-form-title">
      <h3 className="roy-subtitle" id="roy-rate-form-title">
        {t('royalties:admin.rates.formTitle')}
      </h3>
      <p className="roy-section__intro">{t('royalties:admin.rates.formIntro')}</p>
      {formError && <Alert tone="error">{formError}</Alert>}
      <div className="roy-rate-form__grid">
        <SelectField
          label={t('royalties:admin.rates.format')}
          name="format"
          value={values.format}
          onChange={(event) => setValues((v) => ({ ...v, format: event.target.value as RoyaltyFormat }))}
          options={royaltyFormats.map((format) => ({
            value: format,
            label: t(`royalties:formats.${format}`),
          }))}
          error={validationText(errors.format)}
        />
        <TextField
          label={t('royalties:admin.rates.percent')}
          name="rate"
          inputMode="decimal"
          autoComplete="off"
          required
          value={values.percent}
          hint={t('royalties:admin.rates.percentHint', { rate: formatRate(current, locale) })}
          error={validationText(errors.rateBp)}
          onChange={(event) => setValues((v) => ({ ...v, percent: event.target.value }))}
        />
        <TextField
          label={t('royalties:admin.rates.from')}
          type="date"
          name="effectiveFrom"
          min={today}
          value={values.from}
          hint={t('royalties:admin.rates.fromHint')}
          error={validationText(errors.effectiveFrom)}
          onChange={(event) => setValues((v) => ({ ...v, from: event.target.value }))}
        />
      </div>
      <div className="form__actions">
        <Button type="submit" busy={isLoading} busyLabel={t('royalties:admin.rates.saving')}>
          {t('royalties:admin.rates.submit')}
        </Button>
      </div>
    </form>
  );
}

/** "Rates": the rate per format today and the settings' defaults, the form, and every change (scheduled first). */
export function RoyaltyRatesPanel({ locale }: { locale: string }) {
  const { t } = useTranslation('royalties');
  const { data, error, isLoading, isFetching, refetch, fulfilledTimeStamp } = useGetRoyaltyRatesQuery();
  if (isLoading) return <PageSpinner label={t('admin.loading')} />;
  if (!data) return <LoadFailed error={error} busy={isFetching} onRetry={() => void refetch()} />;
  // Where each change stands is judged at the moment the list came.
  const now = fulfilledTimeStamp ?? 0;
  const columns = {
    format: { label: t('admin.rates.format') },
    current: { label: t('admin.rates.current'), money: true },
    default: { label: t('admin.rates.default'), money: true },
  } satisfies Record<string, Column>;
  const historyColumns = {
    effectiveFrom: { label: t('admin.rates.effectiveFrom') },
    format: columns.format,
    rate: { label: t('admin.rates.rate'), money: true },
    standing: { label: t('admin.rates.standing') },
    setBy: { label: t('admin.rates.setBy') },
  } satisfies Record<string, Column>;
  return (
    <div className="bo-page">
      <section className="card roy-section" aria-labelledby="roy-rates-title">
        <h2 className="roy-section__title" id="roy-rates-title">
          {t('admin.rates.title')}
        </h2>
        <RoyaltiesTable
          className="roy-rates"
          caption={t('admin.rates.caption')}
          columns={Object.values(columns)}
        >
          {royaltyFormats.map((format) => (
            <tr key={format}>
              <Cell column={columns.format} row bare>
                {t(`formats.${format}`)}
              </Cell>
              <Cell column={columns.current} bare>
                <strong>{formatRate(data.current[format], locale)}</strong>
              </Cell>
              <Cell column={columns.default} bare>
                {formatRate(data.defaults[format], locale)}
              </Cell>
            </tr>
          ))}
        </RoyaltiesTable>
        <ScheduleRateForm board={data} locale={locale} />
      </section>
      <section className="card roy-section" aria-labelledby="roy-rate-history-title">
        <h2 className="roy-section__title" id="roy-rate-history-title">
          {t('admin.rates.history')}
        </h2>
        {data.changes.length === 0 ? (
          <p className="roy-muted">{t('admin.rates.noChanges')}</p>
        ) : (
          <RoyaltiesTable
            className="roy-rate-history"
            caption={t('admin.rates.historyCaption')}
            columns={Object.values(historyColumns)}
          >
            {data.changes.map((change) => {
              const standing = changeStanding(change, data.changes, now);
              return (
                <tr key={change.id}>
                  <Cell column={historyColumns.effectiveFrom} row>
                    <time dateTime={change.effectiveFrom}>
                      {formatDateTime(change.effectiveFrom, locale)}
                    </time>
                  </Cell>
                  <Cell column={historyColumns.format}>{t(`formats.${change.format}`)}</Cell>
                  <Cell column={historyColumns.rate}>
                    <strong>{formatRate(change.rateBp, locale)}</strong>
                  </Cell>
                  <Cell column={historyColumns.standing}>
                    <span className={`bo-flag roy-flag--${standing}`}>
                      {t(`admin.rates.standings.${standing}`)}
                    </span>
                  </Cell>
                  <Cell column={historyColumns.setBy}>
                    {change.createdBy ?? t('admin.rates.unknownAdmin')}
                    <span className="bo-table__email">
                      {t('admin.rates.setOn', { date: formatDateTime(change.createdAt, locale) })}
                    </span>
                  </Cell>
                </tr>
              );
            })}
          </RoyaltiesTable>
        )}
      </section>
    </div>
  );
}
