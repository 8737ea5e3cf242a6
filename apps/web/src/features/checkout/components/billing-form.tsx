import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderBilling } from '@hls/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { notify } from '@/components/ui/notify';
import { useErrorText } from '@/i18n/use-error-text';
import { useValidationText } from '@/i18n/use-validation-text';
import { toApiFailure } from '@/lib/api-error';
import { fieldErrorsFromServer } from '@/lib/form-errors';
import type { FieldErrors } from '@/lib/form-errors';
import { useGetBillingCountriesQuery, useSaveBillingMutation } from '../api/checkout-api';

type BillingFormProps = {
  orderId: string;
  billing: OrderBilling | null;
  /** The delivery country, proposed when the buyer has not said where they live yet. */
  suggestedCountry: string | null;
  onSaved: () => void;
  onCancel?: () => void;
  /** Id of the heading that names the form. */
  labelledBy: string;
};

/**
 * Where the buyer lives (VAT is charged at that country's rate) and, for an EU business, its VAT number (the
 * reverse charge). When the connection seems to come from elsewhere, the buyer says which country is theirs.
 */
export function BillingForm({
  orderId,
  billing,
  suggestedCountry,
  onSaved,
  onCancel,
  labelledBy,
}: BillingFormProps) {
  const { t, i18n } = useTranslation(['checkout', 'toast']);
  const validationText = useValidationText();
  const errorText = useErrorText();
  const countries = useGetBillingCountriesQuery(i18n.language);
  const [saveBilling, { isLoading }] = useSaveBillingMutation();
  const [country, setCountry] = useState(billing?.country ?? suggestedCountry ?? '');
  const [vatNumber, setVatNumber] = useState(billing?.vatNumber ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  /** The country the connection seems to come from, when it is not the one chosen. */
  const [elsewhere, setElsewhere] = useState<string | null>(null);

  const nameOf = (code: string) => countries.data?.find((c) => c.code === code)?.name ?? code;
  const isEu = countries.data?.find((c) => c.code === country)?.eu ?? false;

  const submit = async (chosen: string, confirmCountry: boolean) => {
    if (isLoading) return;
    setFormError(null);
    if (!chosen) {
      setErrors({ country: 'country.required' });
      return;
    }
    setErrors({});
    const result = await saveBilling({
      orderId,
      country: chosen,
      ...(isEu && vatNumber.trim() ? { vatNumber: vatNumber.trim() } : {}),
      ...(confirmCountry ? { confirmCountry: true } : {}),
    });
    if (!('error' in result) || result.error === undefined) {
      setElsewhere(null);
      notify.success(t('toast:billingSaved'));
      onSaved();
      return;
    }
    const failure = toApiFailure(result.error);
    if (failure.code === 'country_unconfirmed' && failure.reason) {
      setElsewhere(failure.reason);
      return;
    }
    const serverErrors = fieldErrorsFromServer(failure.fields);
    setErrors(serverErrors);
    if (Object.keys(serverErrors).length === 0) setFormError(errorText(failure));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(country, false);
  };

  const options = [
    {
      value: '',
      label: countries.isLoading
        ? t('checkout:billing.countriesLoading')
        : t('checkout:billing.chooseCountry'),
    },
    ...(countries.data ?? []).map((c) => ({ value: c.code, label: c.name })),
  ];

  return (
    <form className="form billing-form" noValidate onSubmit={onSubmit} aria-labelledby={labelledBy}>
      {formError && <Alert tone="error">{formError}</Alert>}
      {countries.isError && (
        <Alert tone="error" title={t('checkout:billing.countriesFailed')}>
          <Button variant="secondary" size="sm" onClick={() => void countries.refetch()}>
            {t('checkout:retry')}
          </Button>
        </Alert>
      )}
      {elsewhere && (
        <Alert tone="info" title={t('checkout:billing.confirmTitle')}>
          <p>{t('checkout:billing.confirmText', { seen: nameOf(elsewhere), chosen: nameOf(country) })}</p>
          <div className="form__actions">
            <Button size="sm" busy={isLoading} onClick={() => void submit(country, true)}>
              {t('checkout:billing.confirmChosen', { country: nameOf(country) })}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                setCountry(elsewhere);
                void submit(elsewhere, false);
              }}
            >
              {t('checkout:billing.confirmSeen', { country: nameOf(elsewhere) })}
            </Button>
          </div>
        </Alert>
      )}
      <SelectField
        label={t('checkout:billing.country')}
        autoComplete="country"
        required
        options={options}
        name="billingCountry"
        value={country}
        onChange={(event) => {
          setCountry(event.target.value);
          setElsewhere(null);
        }}
        error={validationText(errors.country)}
      />
      {isEu && (
        <TextField
          label={t('checkout:billing.vatNumber')}
          hint={t('checkout:billing.vatNumberHint')}
          name="vatNumber"
          autoComplete="off"
          value={vatNumber}
          onChange={(event) => setVatNumber(event.target.value)}
          error={validationText(errors.vatNumber)}
        />
      )}
      <div className="form__actions">
        <Button type="submit" busy={isLoading} busyLabel={t('checkout:billing.saving')}>
          {t('checkout:billing.save')}
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            {t('checkout:billing.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
