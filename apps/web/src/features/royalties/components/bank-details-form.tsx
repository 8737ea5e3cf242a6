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

type BankValues = { holder: string; iban: string; bic: string; bankName: string; country: string };

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
    iban: '',
    bic: saved?.bic ?? '',
    bankName: saved?.bankName ?? '',
    country: saved?.country ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const bind = (name: keyof BankValues) => ({
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
    const result = saved ? await update(parsed.data) : await create(parsed.data);
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
