import { useEffect, useId, useRef, useState } from 'react';
import type { FocusEvent, FormEvent, KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { editionFormats, fileTypes, languages } from '@hls/contract/values';
import type { Category, FileType, Section } from '@hls/contract';
import { Button } from '@/components/ui/button';
import { FileTypeIcon } from '@/components/ui/file-type-icon';
import { useAppLanguage } from '@/i18n/use-app-language';
import { useGetCategoriesQuery, useGetSubcategoriesQuery } from '../api/catalog-api';
import { sectionFilters, withChange } from '../list-params';
import type { ListParams } from '../list-params';

type FilterPanelProps = {
  section: Section;
  state: ListParams;
  onChange: (next: ListParams) => void;
};

/** How long the arrow keys rest on a radio before its list is asked for. */
const ARROW_SETTLE_MS = 600;
const ARROW_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);

/**
 * A group of radios. A click or Space chooses at once; the arrow keys move the choice through the group (as radios
 * do) and the list follows once they rest or the focus leaves the group, not at every keypress.
 */
function RadioList<T extends string | number>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  value: T | null;
  options: { value: T | null; label: string }[];
  onChange: (value: T | null) => void;
}) {
  const [pending, setPending] = useState<{ value: T | null } | null>(null);
  const arrowed = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const choose = (next: T | null) => {
    window.clearTimeout(timer.current);
    setPending(null);
    if (next !== value) onChange(next);
  };
  const onPick = (next: T | null) => {
    if (!arrowed.current) return choose(next);
    arrowed.current = false;
    setPending({ value: next });
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => choose(next), ARROW_SETTLE_MS);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    arrowed.current = ARROW_KEYS.has(event.key);
  };
  const onBlur = (event: FocusEvent<HTMLFieldSetElement>) => {
    if (pending && !event.currentTarget.contains(event.relatedTarget as Node | null)) choose(pending.value);
  };
  const shown = pending ? pending.value : value;

  return (
    <fieldset className="filter-group" onKeyDown={onKeyDown} onBlur={onBlur}>
      <legend className="filter-group__legend">{legend}</legend>
      <ul className="filter-options">
        {options.map((option) => (
          <li key={String(option.value)}>
            <label className="filter-option">
              <input
                type="radio"
                name={name}
                checked={shown === option.value}
                onChange={() => onPick(option.value)}
              />
              <span>{option.label}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** The filters of a list: every change is written to the URL at once (prices when applied). */
export function FilterPanel({ section, state, onChange }: FilterPanelProps) {
  const { t } = useTranslation('catalog');
  const lang = useAppLanguage();
  const offered = sectionFilters(section);
  const name = useId();
  const categories = useGetCategoriesQuery({ section });
  const subcategories = useGetSubcategoriesQuery(
    { section, category: state.category ?? 0 },
    { skip: state.category === null },
  );
  const topLevel = (categories.data ?? []).filter((category) => category.parentId === null);
  const children = (subcategories.data ?? []).filter((category) => category.parentId === state.category);
  const categoryOptions = (list: Category[]) => list.map((c) => ({ value: c.id, label: c.name[lang] }));

  const set = (change: Partial<ListParams>) => onChange(withChange(state, change));

  const toggleType = (type: FileType) =>
    set({
      fileTypes: state.fileTypes.includes(type)
        ? state.fileTypes.filter((value) => value !== type)
        : fileTypes.filter((value) => value === type || state.fileTypes.includes(value)),
    });

  return (
    <div className="filter-panel">
      <RadioList
        legend={t('filters.category')}
        name={`${name}-category`}
        value={state.category}
        options={[{ value: null, label: t('filters.allCategories') }, ...categoryOptions(topLevel)]}
        onChange={(category) => set({ category })}
      />
      {state.category !== null && children.length > 0 && (
        <RadioList
          legend={t('filters.subcategory')}
          name={`${name}-subcategory`}
          value={state.subcategory}
          options={[{ value: null, label: t('filters.allSubcategories') }, ...categoryOptions(children)]}
          onChange={(subcategory) => set({ subcategory })}
        />
      )}
      {offered.fileType && (
        <fieldset className="filter-group">
          <legend className="filter-group__legend">{t('filters.fileType')}</legend>
          <ul className="filter-options filter-options--types">
            {fileTypes.map((type) => (
              <li key={type}>
                <label className="filter-option">
                  <input
                    type="checkbox"
                    checked={state.fileTypes.includes(type)}
                    onChange={() => toggleType(type)}
                  />
                  <FileTypeIcon type={type} size={18} />
                  <span>{t(`fileTypes.${type}`)}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {offered.edition && (
        <RadioList
          legend={t('filters.edition')}
          name={`${name}-edition`}
          value={state.edition}
          options={[
            { value: null, label: t('filters.allEditions') },
            ...editionFormats.map((format) => ({ value: format, label: t(`editions.${format}`) })),
          ]}
          onChange={(edition) => set({ edition })}
        />
      )}
      {offered.price && (
        <PriceRange
          key={`${state.minPrice}-${state.maxPrice}`}
          min={state.minPrice}
          max={state.maxPrice}
          onApply={(minPrice, maxPrice) => set({ minPrice, maxPrice })}
        />
      )}
      <RadioList
        legend={t('filters.language')}
        name={`${name}-language`}
        value={state.language}
        options={[
          { value: null, label: t('filters.allLanguages') },
          ...languages.map((language) => ({ value: language, label: t(`languages.${language}`) })),
        ]}
        onChange={(language) => set({ language })}
      />
    </div>
  );
}

function toEuros(text: string): number | null | 'invalid' {
  const value = text.trim().replace(',', '.');
  if (value === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return 'invalid';
  return Number(value);
}

function PriceRange({
  min,
  max,
  onApply,
}: {
  min: number | null;
  max: number | null;
  onApply: (min: number | null, max: number | null) => void;
}) {
  const { t } = useTranslation('catalog');
  const id = useId();
  const [minText, setMinText] = useState(min === null ? '' : String(min));
  const [maxText, setMaxText] = useState(max === null ? '' : String(max));
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const low = toEuros(minText);
    const high = toEuros(maxText);
    if (low === 'invalid' || high === 'invalid') return setError(t('filters.priceInvalid'));
    if (low !== null && high !== null && low > high) return setError(t('filters.priceOrder'));
    setError(null);
    onApply(low, high);
  };

  return (
    <form className="filter-group" onSubmit={onSubmit} noValidate>
      <fieldset className="filter-group__fieldset">
        <legend className="filter-group__legend">{t('filters.price')}</legend>
        <div className="price-range">
          <label htmlFor={`${id}-min`} className="price-range__field">
            <span>{t('filters.priceMin')}</span>
            <input
              id={`${id}-min`}
              className="input"
              inputMode="decimal"
              autoComplete="off"
              value={minText}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => setMinText(e.target.value)}
            />
          </label>
          <label htmlFor={`${id}-max`} className="price-range__field">
            <span>{t('filters.priceMax')}</span>
            <input
              id={`${id}-max`}
              className="input"
              inputMode="decimal"
              autoComplete="off"
              value={maxText}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => setMaxText(e.target.value)}
            />
          </label>
        </div>
        {error && (
          <p className="field__error" id={`${id}-error`} role="alert">
            {error}
          </p>
        )}
        <Button type="submit" variant="secondary" size="sm">
          {t('filters.applyPrice')}
        </Button>
      </fieldset>
    </form>
  );
}
