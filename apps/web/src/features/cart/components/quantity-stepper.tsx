import { useTranslation } from 'react-i18next';

type QuantityStepperProps = {
  title: string;
  quantity: number;
  onDecrease: () => void;
  onIncrease: () => void;
};

/** − quantity + ; decreasing from 1 removes the line (SPEC §4). */
export function QuantityStepper({ title, quantity, onDecrease, onIncrease }: QuantityStepperProps) {
  const { t } = useTranslation('shop');
  return (
    <div className="stepper" role="group" aria-label={t('cart.quantityOf', { title })}>
      <button
        type="button"
        className="stepper__button"
        onClick={onDecrease}
        aria-label={t('cart.decrease', { title })}
      >
        <span aria-hidden="true">−</span>
      </button>
      <output className="stepper__value" aria-live="polite">
        {quantity}
      </output>
      <button
        type="button"
        className="stepper__button"
        onClick={onIncrease}
        aria-label={t('cart.increase', { title })}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
