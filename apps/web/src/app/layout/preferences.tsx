import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { offeredCurrencies, selectCurrency, setCurrency } from '@/features/currency/currency-slice';
import { languageOptions, toSelectorValue } from '@/i18n/languages';

type SelectProps = { variant?: 'compact' | 'full' };

/** Language selector offering fn (Français) and en (English), per SPEC §9. */
export function LanguageSelect({ variant = 'compact' }: SelectProps) {
  const { t, i18n } = useTranslation('common');
  const id = useId();
  return (
    <div className={`pref-select pref-select--${variant}`}>
      <label htmlFor={id} className={variant === 'compact' ? 'visually-hidden' : 'field__label'}>
        {t('header.language')}
      </label>
      <select
        id={id}
        className="pref-select__control"
        value={toSelectorValue(i18n.resolvedLanguage ?? i18n.language)}
        onChange={(event) => {
          const option = languageOptions.find((o) => o.value === event.target.value);
          if (option) void i18n.changeLanguage(option.language);
        }}
      >
        {languageOptions.map((option) => (
          <option key={option.value} value={option.value} lang={option.language}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function CurrencySelect({ variant = 'compact' }: SelectProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const dispatch = useAppDispatch();
  const currency = useAppSelector(selectCurrency);
  return (
    <div className={`pref-select pref-select--${variant}`}>
      <label htmlFor={id} className={variant === 'compact' ? 'visually-hidden' : 'field__label'}>
        {t('header.currency')}
      </label>
      <select
        id={id}
        className="pref-select__control"
        value={currency.currencyName}
        onChange={(event) => dispatch(setCurrency(event.target.value))}
      >
        {offeredCurrencies.map((name) => (
          <option key={name} value={name}>
            {name} (€)
          </option>
        ))}
      </select>
    </div>
  );
}
