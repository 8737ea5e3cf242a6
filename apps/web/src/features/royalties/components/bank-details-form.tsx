import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BankDetailsBody, normalizeIban } from '@hls/contract';
import type { BankDetails } from '@hls/contract';
import { BANK_HOLDER_MAX, BANK_NAME_MAX } from '@hls/contract/values';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { notify } from '@/components/ui/notify';
import { useErrorText } from '@/i18n/use-error-text';
import { useValidationText } from '@/i18n/use-validation-text';
import { toApiFailure } from '@/lib/api-error';
import { fieldErrorsFromServer, fieldErrorsFromZod } from '@/lib/form-errors';
import type { FieldErrors } from '@/lib/form-errors';
import { useCreateBankDetailsMutation, useUpdateBankDetailsMutation } from '../api/author-royalties-api';
import { countryOptions, ibanCountry } from '../bank-countries';

type BankValues = {
  holder: string;
  accountKind: 'iban' | 'account';
  iban: string;
  accountNumber: string;
  bic: string;
  bankName: string;
  bankAddress: string;
  country: string;
  holderStreet: string;
  holderPostcode: string;
  holderCity: string;
  holderCountry: string;
  residenceCountry: string;
};
type TextKey = Exclude<keyof BankValues, 'accountKind'>;

type BankFormProps = {
  /** The saved details when editing them (their IBAN is only known masked: it is typed again). */
  saved: BankDetails | null;
  locale: string;
  onSaved: () => void;
  onCancel?: () => void;
};

/**
 * The bank details form: holder, IBAN, BIC, bank name and country, checked with the server's own rules before
 * they are sent; 'data saved' or 'data edited', else 'operation failed' with the fields' errors (SPEC §8).
 */
export function BankDetailsForm({ saved, locale, onSaved, onCancel }: BankFormProps) {
  const { t } = useTranslation(['royalties', 'toast']);
  const validationText = useValidationText();
  const errorText = useErrorText();
  const [create, creating] = useCreateBankDetailsMutation();
  const [update, updating] = useUpdateBankDetailsMutation();
  const [values, setValues] = useState<BankValues>({
    holder: saved?.holder ?? '',
    accountKind: saved?.accountKind ?? 'iban',
    iban: '',
    accountNumber: '',
    bic: saved?.bic ?? '',
    bankName: saved?.bankName ?? '',
    bankAddress: saved?.bankAddress ?? '',
    country: saved?.country ?? '',
    holderStreet: saved?.holderStreet ?? '',
    holderPostcode: saved?.holderPostcode ?? '',
    holderCity: saved?.holderCity ?? '',
    holderCountry: saved?.holderCountry ?? '',
    residenceCountry: saved?.residenceCountry ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const bind = (name: TextKey) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
    error: validationText(errors[name]),
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = BankDetailsBody.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    setErrors({});
    // The form's own values: the server checks and normalises them again.
    const body = {
      ...values,
      accountNumber: values.accountNumber || undefined,
      iban: values.iban || undefined,
    };
    const result = saved ? await update(body) : await create(body);
    if ('data' in result && result.data) {
      notify.success(t(saved ? 'toast:dataEdited' : 'toast:dataSaved'));
      onSaved();
      return;
    }
    const failure = toApiFailure(result.error);
    const serverErrors = fieldErrorsFromServer(failure.fields);
    setErrors(serverErrors);
    notify.error(t('toast:operationFailed'), errorText(failure));
    if (Object.keys(serverErrors).length === 0) setFormError(errorText(failure));
  };

  const busy = creating.isLoading || updating.isLoading;
  return (
    <form
      className="form roy-bank-form"
      noValidate
      onSubmit={onSubmit}
      aria-label={t('royalties:bank.formLabel')}
    >
      {formError && <Alert tone="error">{formError}</Alert>}
      <TextField
        label={t('royalties:bank.holder')}
        autoComplete="name"
        // Edit was just pressed: the form takes the focus where the button was.
        autoFocus={saved !== null}
        required
        maxLength={BANK_HOLDER_MAX}
        hint={t('royalties:bank.holderHint')}
        {...bind('holder')}
      />
      <fieldset className="roy-kind">
        <legend>{t('royalties:bank.accountKind')}</legend>
        {(['iban', 'account'] as const).map((kind) => (
          <label key={kind} className="roy-kind__option">
            <input
              type="radio"
              name="accountKind"
              value={kind}
              checked={values.accountKind === kind}
              onChange={() => setValues((current) => ({ ...current, accountKind: kind }))}
            />{' '}
            {t(kind === 'iban' ? 'royalties:bank.kindIban' : 'royalties:bank.kindAccount')}
          </label>
        ))}
      </fieldset>
      {values.accountKind === 'iban' ? (
        <TextField
          label={t('royalties:bank.iban')}
          className="roy-iban-input"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          maxLength={50}
          hint={
            saved ? t('royalties:bank.ibanAgain', { masked: saved.ibanMasked }) : t('royalties:bank.ibanHint')
          }
          {...bind('iban')}
          onBlur={() => {
            // Shown grouped by four as on a bank statement; the country follows the IBAN's when none is chosen.
            const iban = normalizeIban(values.iban);
            if (!iban) return;
            setValues((current) => ({
              ...current,
              iban: iban.replace(/(.{4})(?=.)/g, '$1 '),
              country: current.country || (ibanCountry(iban) ?? ''),
            }));
          }}
        />
      ) : (
        <TextField
          label={t('royalties:bank.accountNumber')}
          className="roy-iban-input"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          maxLength={40}
          hint={
            saved?.accountKind === 'account'
              ? t('royalties:bank.accountAgain', { masked: saved.ibanMasked })
              : t('royalties:bank.accountNumberHint')
          }
          {...bind('accountNumber')}
        />
      )}
      <div className="form__grid">
        <TextField
          label={t('royalties:bank.bic')}
          className="roy-iban-input"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          maxLength={11}
          hint={t('royalties:bank.bicHint')}
          {...bind('bic')}
        />
        <TextField
          label={t('royalties:bank.bankName')}
          autoComplete="organization"
          required
          maxLength={BANK_NAME_MAX}
          {...bind('bankName')}
        />
      </div>
      <SelectField
        label={t('royalties:bank.country')}
        required
        options={[
          { value: '', label: t('royalties:bank.chooseCountry') },
          ...countryOptions(locale, saved?.country),
        ]}
        {...bind('country')}
      />
      {values.accountKind === 'account' && (
        <TextField
          label={t('royalties:bank.bankAddress')}
          autoComplete="off"
          required
          maxLength={140}
          hint={t('royalties:bank.bankAddressHint')}
          {...bind('bankAddress')}
        />
      )}
      <fieldset className="roy-address">
        <legend>{t('royalties:bank.holderAddress')}</legend>
        <TextField
          label={t('royalties:bank.holderStreet')}
          autoComplete="street-address"
          required
          maxLength={70}
          {...bind('holderStreet')}
        />
        <div className="form__grid">
          <TextField
            label={t('royalties:bank.holderPostcode')}
            autoComplete="postal-code"
            required
            maxLength={16}
            {...bind('holderPostcode')}
          />
          <TextField
            label={t('royalties:bank.holderCity')}
            autoComplete="address-level2"
            required
            maxLength={35}
            {...bind('holderCity')}
          />
        </div>
        <SelectField
          label={t('royalties:bank.holderCountry')}
          required
          options={[{ value: '', label: t('royalties:bank.chooseCountry') }, ...countryOptions(locale)]}
          {...bind('holderCountry')}
          onChange={(event: { target: { value: string } }) =>
            setValues((current) => ({
              ...current,
              holderCountry: event.target.value,
              residenceCountry: current.residenceCountry || event.target.value,
            }))
          }
        />
      </fieldset>
      <SelectField
        label={t('royalties:bank.residenceCountry')}
        required
        hint={t('royalties:bank.residenceHint')}
        options={[{ value: '', label: t('royalties:bank.chooseCountry') }, ...countryOptions(locale)]}
        {...bind('residenceCountry')}
      />
      <p className="roy-muted">{t('royalties:bank.mailNote')}</p>
      <div className="form__actions roy-actions">
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            {t('royalties:bank.cancel')}
          </Button>
        )}
        <Button type="submit" busy={busy} busyLabel={t('royalties:bank.saving')}>
          {saved ? t('royalties:bank.saveChanges') : t('royalties:bank.save')}
        </Button>
      </div>
    </form>
  );
}
