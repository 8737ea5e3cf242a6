import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ShipBody } from '@hls/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { notify } from '@/components/ui/notify';
import { useErrorText } from '@/i18n/use-error-text';
import { useValidationText } from '@/i18n/use-validation-text';
import { toApiFailure } from '@/lib/api-error';
import { fieldErrorsFromServer, fieldErrorsFromZod } from '@/lib/form-errors';
import type { FieldErrors } from '@/lib/form-errors';
import { useShipOrderMutation } from '../api/back-office-api';

type ShipValues = { carrier: string; trackingNumber: string; trackingUrl: string };

/** "Mark as shipped": the carrier and the tracking number (and its page), which the customer is e-mailed. */
export function ShipForm({ orderId }: { orderId: string }) {
  const { t } = useTranslation('backoffice');
  const validationText = useValidationText();
  const errorText = useErrorText();
  const [ship, { isLoading }] = useShipOrderMutation();
  const [values, setValues] = useState<ShipValues>({ carrier: '', trackingNumber: '', trackingUrl: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const bind = (name: keyof ShipValues) => ({
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
    const { trackingUrl, ...rest } = values;
    const parsed = ShipBody.safeParse({
      ...rest,
      ...(trackingUrl.trim() ? { trackingUrl: trackingUrl.trim() } : {}),
    });
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    setErrors({});
    const result = await ship({ orderId, body: parsed.data });
    if (!('error' in result) || result.error === undefined) {
      notify.success(t('ship.done'));
      return;
    }
    const failure = toApiFailure(result.error);
    const serverErrors = fieldErrorsFromServer(failure.fields);
    setErrors(serverErrors);
    if (Object.keys(serverErrors).length === 0) setFormError(errorText(failure));
  };

  return (
    <form className="form bo-action" noValidate onSubmit={onSubmit} aria-labelledby="ship-title">
      <h3 id="ship-title" className="bo-action__title">
        {t('ship.title')}
      </h3>
      <p className="bo-action__intro">{t('ship.intro')}</p>
      {formError && <Alert tone="error">{formError}</Alert>}
      <div className="form__grid">
        <TextField label={t('ship.carrier')} required autoComplete="off" {...bind('carrier')} />
        <TextField label={t('ship.trackingNumber')} required autoComplete="off" {...bind('trackingNumber')} />
      </div>
      <TextField
        label={t('ship.trackingUrl')}
        type="url"
        inputMode="url"
        hint={t('ship.trackingUrlHint')}
        {...bind('trackingUrl')}
      />
      <div className="form__actions">
        <Button type="submit" busy={isLoading} busyLabel={t('ship.sending')}>
          {t('ship.submit')}
        </Button>
      </div>
    </form>
  );
}
