import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/app/hooks';
import { Address } from '@hls/contract';
import type { Address as AddressValue } from '@hls/contract';
import { AddressFields } from '@/components/address/address-fields';
import { addressInput, addressValuesFrom } from '@/components/address/address-values';
import type { AddressValues } from '@/components/address/address-values';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError } from '@/components/ui/field';
import { notify } from '@/components/ui/notify';
import { useErrorText } from '@/i18n/use-error-text';
import { useValidationText } from '@/i18n/use-validation-text';
import { addressBookApi } from '@/lib/address-book-api';
import { toApiFailure } from '@/lib/api-error';
import { fieldErrorsFromServer, fieldErrorsFromZod } from '@/lib/form-errors';
import type { FieldErrors } from '@/lib/form-errors';
import { useSaveAddressMutation } from '../api/checkout-api';

type AddressFormProps = {
  orderId: string;
  address: AddressValue | null;
  onSaved: () => void;
  onCancel?: (() => void) | undefined;
  /** Id of the heading that names the form. */
  labelledBy: string;
  /**
   * Offers "Save this address to my address book", ticked or not to begin with (ticked for a buyer's first
   * address); left out, the box is not shown.
   */
  saveToBook?: boolean | undefined;
};

/** The delivery address of a paper order: shippable countries only ('address saved' / 'address failed'). */
export function AddressForm({
  orderId,
  address,
  onSaved,
  onCancel,
  labelledBy,
  saveToBook,
}: AddressFormProps) {
  const { t } = useTranslation(['checkout', 'toast']);
  const validationText = useValidationText();
  const errorText = useErrorText();
  const dispatch = useAppDispatch();
  const [saveAddress, { isLoading }] = useSaveAddressMutation();
  const [values, setValues] = useState<AddressValues>(() => addressValuesFrom(address));
  const [keep, setKeep] = useState(saveToBook === true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    setFormError(null);
    const parsed = Address.safeParse(addressInput(values));
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    setErrors({});
    const result = await saveAddress({
      orderId,
      ...parsed.data,
      ...(saveToBook !== undefined ? { saveToAddressBook: keep } : {}),
    });
    if (!('error' in result) || result.error === undefined) {
      // Kept in the address book too: the book is read again where it shows.
      if (saveToBook !== undefined && keep) dispatch(addressBookApi.util.invalidateTags(['AddressBook']));
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

  const keepError = validationText(errors.saveToAddressBook);

  return (
    <form className="form address-form" noValidate onSubmit={onSubmit} aria-labelledby={labelledBy}>
      {formError && <Alert tone="error">{formError}</Alert>}
      <AddressFields values={values} errors={errors} onChange={setValues} />
      {saveToBook !== undefined && (
        <div className="address-form__keep">
          <Checkbox
            name="saveToAddressBook"
            label={t('checkout:address.saveToBook')}
            checked={keep}
            onChange={(event) => setKeep(event.target.checked)}
            aria-invalid={keepError ? true : undefined}
            {...(keepError ? { 'aria-errormessage': 'address-keep-error' } : {})}
          />
          {keepError && <FieldError id="address-keep-error">{keepError}</FieldError>}
        </div>
      )}
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
