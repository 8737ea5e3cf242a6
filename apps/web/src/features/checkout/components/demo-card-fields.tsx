import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/field';
import { useValidationText } from '@/i18n/use-validation-text';
import type { FieldErrors } from '@/lib/form-errors';

export type DemoCard = { number: string; expiry: string; cvc: string };

/** The well-known test numbers the demo provider answers to, and what each does. */
const testCards = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'declined' },
  { number: '4000 0000 0000 9995', outcome: 'insufficientFunds' },
  { number: '4000 0025 0000 3155', outcome: 'authentication' },
] as const;

type DemoCardFieldsProps = {
  value: DemoCard;
  onChange: (value: DemoCard) => void;
  errors: FieldErrors;
  disabled?: boolean;
};

/** The demo provider's card fields, clearly labelled as a demonstration that takes no money. */
export function DemoCardFields({ value, onChange, errors, disabled = false }: DemoCardFieldsProps) {
  const { t } = useTranslation('checkout');
  const validationText = useValidationText();
  const bind = (name: keyof DemoCard) => ({
    name: `card-${name}`,
    value: value[name],
    disabled,
    onChange: (event: { target: { value: string } }) => onChange({ ...value, [name]: event.target.value }),
    error: validationText(errors[name]),
  });

  return (
    <div className="demo-card">
      <p className="demo-card__banner" id="demo-card-banner">
        <strong>{t('demo.banner')}</strong> {t('demo.bannerText')}
      </p>
      <TextField
        label={t('demo.number')}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        maxLength={23}
        required
        {...bind('number')}
      />
      <div className="form__grid demo-card__row">
        <TextField
          label={t('demo.expiry')}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t('demo.expiryPlaceholder')}
          maxLength={7}
          required
          {...bind('expiry')}
        />
        <TextField
          label={t('demo.cvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          required
          {...bind('cvc')}
        />
      </div>
      <div className="demo-card__tests">
        <p className="demo-card__tests-title" id="demo-card-tests">
          {t('demo.testCards')}
        </p>
        <ul aria-labelledby="demo-card-tests">
          {testCards.map((card) => (
            <li key={card.number}>
              <code>{card.number}</code> — {t(`demo.outcomes.${card.outcome}`)}
            </li>
          ))}
        </ul>
        <p className="demo-card__tests-note">{t('demo.testCardsNote')}</p>
      </div>
    </div>
  );
}
