import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterForm } from '@/components/ui/filter-form';
import { SelectField, TextField } from '@/components/ui/field';
import { periodError } from '../report-params';
import type { ReportFilters as Filters } from '../report-params';

type ReportFiltersProps = {
  value: Filters;
  products: { id: number; title: string }[];
  onApply: (filters: Filters) => void;
};

/** The detailed report's period (from, to: inclusive days) and product; Apply puts them in the URL. */
export function ReportFilters({ value, products, onApply }: ReportFiltersProps) {
  const { t } = useTranslation('royalties');
  const [from, setFrom] = useState(value.from ?? '');
  const [to, setTo] = useState(value.to ?? '');
  const [productId, setProductId] = useState(value.productId ? String(value.productId) : '');
  const [error, setError] = useState<string | null>(null);

  const apply = () => {
    const next: Filters = {
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      ...(productId ? { productId: Number(productId) } : {}),
    };
    const problem = periodError(next);
    setError(problem ? t(`report.filters.${problem}`) : null);
    if (!problem) onApply(next);
  };

  const reset = () => {
    setFrom('');
    setTo('');
    setProductId('');
    setError(null);
    onApply({});
  };

  return (
    <FilterForm
      label={t('report.filters.label')}
      gridClassName="roy-filters__grid"
      applyLabel={t('report.filters.apply')}
      resetLabel={t('report.filters.reset')}
      onApply={apply}
      onReset={reset}
    >
      <TextField
        label={t('report.filters.from')}
        type="date"
        name="from"
        value={from}
        max={to || undefined}
        onChange={(event) => setFrom(event.target.value)}
      />
      <TextField
        label={t('report.filters.to')}
        type="date"
        name="to"
        value={to}
        min={from || undefined}
        error={error ?? undefined}
        onChange={(event) => setTo(event.target.value)}
      />
      <SelectField
        label={t('report.filters.product')}
        name="productId"
        value={productId}
        onChange={(event) => setProductId(event.target.value)}
        options={[
          { value: '', label: t('report.filters.anyProduct') },
          ...products.map((product) => ({ value: String(product.id), label: product.title })),
        ]}
      />
    </FilterForm>
  );
}
