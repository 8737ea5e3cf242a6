import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Address } from '@hls/contract';
import type { Address as AddressValue } from '@hls/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { notify } from '@/components/ui/notify';
import { useErrorText } from '@/i18n/use-error-text';
import { useValidationText } from '@/i18n/use-validation-text';
import { toApiFailure } from '@/lib/api-error';
import { fieldErrorsFromServer, fieldErrorsFromZod } from '@/lib/form-errors';
import type { FieldErrors } from '@/lib/form-errors';
import { useGetCountriesQuery, useSaveAddressMutation } from '../api/checkout-api';

type AddressValues = {
  fullName: string;
  line1: string;
  line2: string;
  postalCode: string;
  city: string;
  country: string;
  phone: string;
};

const emptyValues: AddressValues = {
  fullName: '',
  line1: '',
  line2: '',
  postalCode: '',
  city: '',
  country: '',
  phone: '',
};

function valuesFrom(address: AddressValue | null, defaultName: string): AddressValues {
  if (!address) return { ...emptyValues, fullName: defaultName };
  return {
    fullName: address.fullName,
    line1: address.line1,
    line2: address.line2 ?? '',
    postalCode: address.postalCode,
    city: address.city,
    country: address.country,
    phone: address.phone ?? '',
  };
}

type AddressFormProps = {
  orderId: string;
  address: AddressValue | null;
  onSaved: () => void;
  onCancel?: () => void;
  /** Id of the heading that names the form. */
  labelledBy: string;
};

/** The delivery address of a paper order: shippable countries only ('address saved' / 'address failed'). */
export function AddressForm({ orderId, address, onSaved, onCancel, labelledBy }: AddressFormProps) {
  const { t, i18n } = useTranslation(['checkout', 'toast']);
  const validationText = useValidationText();
  const errorText = useErrorText();
  const countries = useGetCountriesQuery(i18n.language);
  const [saveAddress, { isLoading }] = useSaveAddressMutation();
  const [values, setValues] = useState<AddressValues>(() => valuesFrom(address, ''));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const bind = (name: keyof AddressValues) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
    error: validationText(errors[name]),
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    setFormError(null);
    const { line2, phone, ...required } = values;
    const parsed = Address.safeParse({
      ...required,
      ...(line2.trim() ? { line2 } : {}),
      ...(phone.trim() ? { phone } : {}),
    });
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    setErrors({});
    const result = await saveAddress({ orderId, ...parsed.data });
    if (!('error' in result) || result.error === undefined) {
      notify.success(t('toast:addressSaved'));
      onSaved();
      return;
    }
    const failure = toApiFailure(result.error);
    const serverErrors = fieldErrorsFromServer(failure.fields);
    setErrors(serverErrors);
    notify.error(t('toast:addressFailed'), errorText(failure));
    if (Object.keys(serverErrors).length === 0) setFormError(errorText(failure));
  };

  const countryOptions = [
    {
      value: '',
      label: countries.isLoading
        ? t('checkout:address.countriesLoading')
        : t('checkout:address.chooseCountry'),
    },
    ...(countries.data ?? []).map((country) => ({ value: country.code, label: country.name })),
  ];

  return (
    <form className="form address-form" noValidate onSubmit={onSubmit} aria-labelledby={labelledBy}>
      {formError && <Alert tone="error">{formError}</Alert>}
      {countries.isError && (
        <Alert tone="error" title={t('checkout:address.countriesFailed')}>
          <Button variant="secondary" size="sm" onClick={() => void countries.refetch()}>
            {t('checkout:retry')}
          </Button>
        </Alert>
      )}
      <TextField label={t('checkout:address.fullName')} autoComplete="name" required {...bind('fullName')} />
      <TextField
        label={t('checkout:address.line1')}
        autoComplete="address-line1"
        required
        {...bind('line1')}
      />
      <TextField label={t('checkout:address.line2')} autoComplete="address-line2" {...bind('line2')} />
      <div className="form__grid">
        <TextField
          label={t('checkout:address.postalCode')}
          autoComplete="postal-code"
          required
          {...bind('postalCode')}
        />
        <TextField
          label={t('checkout:address.city')}
          autoComplete="address-level2"
          required
          {...bind('city')}
        />
      </div>
      <div className="form__grid">
        <SelectField
          label={t('checkout:address.country')}
          autoComplete="country"
          required
          options={countryOptions}
          {...bind('country')}
        />
        <TextField
          label={t('checkout:address.phone')}
          type="tel"
          autoComplete="tel"
          hint={t('checkout:address.phoneHint')}
          {...bind('phone')}
        />
      </div>
      <div className="form__actions">
        <Button type="submit" busy={isLoading} busyLabel={t('checkout:address.saving')}>
          {t('checkout:address.save')}
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            {t('checkout:address.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
