import { useTranslation } from 'react-i18next';
import { consentTexts } from '@hls/contract';
import { Checkbox } from '@/components/ui/checkbox';
import { useAppLanguage } from '@/i18n/use-app-language';

export type Consents = { immediateDelivery: boolean; withdrawalWaiver: boolean };

type ConsentBoxesProps = { value: Consents; onChange: (value: Consents) => void; disabled?: boolean };

/**
 * The express request for immediate delivery and the acknowledgement that the withdrawal right ends with the
 * download (Directive 2011/83/EU Art. 16(m)): unticked until the customer ticks them, in the very words the
 * order records and the confirmation e-mail repeats.
 */
export function ConsentBoxes({ value, onChange, disabled = false }: ConsentBoxesProps) {
  const { t } = useTranslation('checkout');
  const texts = consentTexts[useAppLanguage()];
  return (
    <fieldset className="consents">
      <legend className="consents__legend">{t('consents.legend')}</legend>
      <Checkbox
        name="immediateDelivery"
        label={texts.immediateDelivery}
        checked={value.immediateDelivery}
        disabled={disabled}
        onChange={(event) => onChange({ ...value, immediateDelivery: event.target.checked })}
      />
      <Checkbox
        name="withdrawalWaiver"
        label={texts.withdrawalWaiver}
        checked={value.withdrawalWaiver}
        disabled={disabled}
        onChange={(event) => onChange({ ...value, withdrawalWaiver: event.target.checked })}
      />
    </fieldset>
  );
}
