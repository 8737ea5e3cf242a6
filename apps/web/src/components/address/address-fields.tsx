import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { useValidationText } from '@/i18n/use-validation-text';
import { useGetCountriesQuery } from '@/lib/address-book-api';
import type { FieldErrors } from '@/lib/form-errors';
import type { AddressValues } from './address-values';

type AddressFieldsProps = {
  values: AddressValues;
  errors: FieldErrors;
  onChange: (values: AddressValues) => void;
};

/**
 * The fields of a delivery address, the shippable countries in the page's language: checkout's address step and
 * the account's address book fill the same form.
 */
export function AddressFields({ values, errors, onChange }: AddressFieldsProps) {
  const { t, i18n } = useTranslation('checkout');
  const validationText = useValidationText();
  const countries = useGetCountriesQuery(i18n.language);

  const bind = (name: keyof AddressValues) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => onChange({ ...values, [name]: event.target.value }),
    error: validationText(errors[name]),
  });

  const countryOptions = [
    {
      value: '',
      label: countries.isLoading ? t('address.countriesLoading') : t('address.chooseCountry'),
    },
    ...(countries.data ?? []).map((country) => ({ value: country.code, label: country.name })),
  ];

  return (
    <>
      {countries.isError && (
        <Alert tone="error" title={t('address.countriesFailed')}>
          <Button variant="secondary" size="sm" onClick={() => void countries.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      )}
      <TextField label={t('address.fullName')} autoComplete="name" required {...bind('fullName')} />
      <TextField label={t('address.line1')} autoComplete="address-line1" required {...bind('line1')} />
      <TextField label={t('address.line2')} autoComplete="address-line2" {...bind('line2')} />
      <div className="form__grid">
        <TextField
          label={t('address.postalCode')}
          autoComplete="postal-code"
          required
          {...bind('postalCode')}
        />
        <TextField label={t('address.city')} autoComplete="address-level2" required {...bind('city')} />
      </div>
      <div className="form__grid">
        <SelectField
          label={t('address.country')}
          autoComplete="country"
          required
          options={countryOptions}
          {...bind('country')}
        />
        <TextField
          label={t('address.phone')}
          type="tel"
          autoComplete="tel"
          hint={t('address.phoneHint')}
          {...bind('phone')}
        />
      </div>
    </>
  );
}
