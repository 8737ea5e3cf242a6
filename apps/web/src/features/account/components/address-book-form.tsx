import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressBookBody } from '@hls/contract';
import type { SavedAddress } from '@hls/contract';
import { AddressFields } from '@/components/address/address-fields';
import { addressInput, addressValuesFrom } from '@/components/address/address-values';
import type { AddressValues } from '@/components/address/address-values';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { TextField } from '@/components/ui/field';
import { notify } from '@/components/ui/notify';
import { useErrorText } from '@/i18n/use-error-text';
import { useValidationText } from '@/i18n/use-validation-text';
import { useAddAddressMutation, useEditAddressMutation } from '@/lib/address-book-api';
import { toApiFailure } from '@/lib/api-error';
import { fieldErrorsFromServer, fieldErrorsFromZod } from '@/lib/form-errors';
import type { FieldErrors } from '@/lib/form-errors';

type AddressBookFormProps = {
  /** The address edited; none: a new one. */
  entry?: SavedAddress | undefined;
  /** The book is empty: the new address will be the default. */
  first: boolean;
  onDone: () => void;
};

/** Adds an address to the book or edits one: checkout's fields, a label, and "Use as my default address". */
export function AddressBookForm({ entry, first, onDone }: AddressBookFormProps) {
  const { t } = useTranslation(['account', 'toast']);
  const titleId = useId();
  const validationText = useValidationText();
  const errorText = useErrorText();
  const [addAddress, adding] = useAddAddressMutation();
  const [editAddress, editing] = useEditAddressMutation();
  const busy = adding.isLoading || editing.isLoading;
  const [values, setValues] = useState<AddressValues>(() => addressValuesFrom(entry ?? null));
  const [label, setLabel] = useState(entry?.label ?? '');
  const [makeDefault, setMakeDefault] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const parsed = AddressBookBody.safeParse({
      ...addressInput(values),
      ...(label.trim() ? { label } : {}),
      makeDefault,
    });
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    setErrors({});
    const result = entry
      ? await editAddress({ id: entry.id, body: parsed.data })
      : await addAddress(parsed.data);
    if (!('error' in result) || result.error === undefined) {
      notify.success(t(entry ? 'account:addressBook.editedToast' : 'account:addressBook.addedToast'));
      onDone();
      return;
    }
    const failure = toApiFailure(result.error);
    const serverErrors = fieldErrorsFromServer(failure.fields);
    const { address: bookError, ...fieldErrors } = serverErrors;
    setErrors(fieldErrors);
    notify.error(t('toast:addressFailed'), errorText(failure));
    if (bookError) setFormError(validationText(bookError) ?? errorText(failure));
    else if (Object.keys(fieldErrors).length === 0) setFormError(errorText(failure));
  };

  return (
    <form className="form address-book-form" noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
      <h3 id={titleId} className="address-book-form__title">
        {t(entry ? 'account:addressBook.editTitle' : 'account:addressBook.addTitle')}
      </h3>
      {formError && <Alert tone="error">{formError}</Alert>}
      <TextField
        label={t('account:addressBook.label')}
        hint={t('account:addressBook.labelHint')}
        name="label"
        value={label}
        maxLength={40}
        onChange={(event) => setLabel(event.target.value)}
        error={validationText(errors.label)}
      />
      <AddressFields values={values} errors={errors} onChange={setValues} />
      {/* The first address is the default anyway, and the default stays so until another is chosen. */}
      {!first && !entry?.isDefault && (
        <Checkbox
          name="makeDefault"
          label={t('account:addressBook.useAsDefault')}
          checked={makeDefault}
          onChange={(event) => setMakeDefault(event.target.checked)}
        />
      )}
      <div className="form__actions">
        <Button type="submit" busy={busy} busyLabel={t('account:addressBook.saving')}>
          {t('account:addressBook.save')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('account:addressBook.cancel')}
        </Button>
      </div>
    </form>
  );
}
