import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { orderStatuses } from '@hls/contract/values';
import type { AdminOrderQuery } from '@hls/contract';
import { Checkbox } from '@/components/ui/checkbox';
import { FilterForm } from '@/components/ui/filter-form';
import { SelectField, TextField } from '@/components/ui/field';

export type OrderFilters = Omit<AdminOrderQuery, 'page'>;

type OrdersFiltersProps = { value: OrderFilters; onApply: (filters: OrderFilters) => void };

/** Status, creation dates, customer (name, e-mail or order number), and the withdrawal requests only. */
export function OrdersFilters({ value, onApply }: OrdersFiltersProps) {
  const { t } = useTranslation(['backoffice', 'orders']);
  const [status, setStatus] = useState(value.status ?? '');
  const [from, setFrom] = useState(value.from ?? '');
  const [to, setTo] = useState(value.to ?? '');
  const [customer, setCustomer] = useState(value.customer ?? '');
  const [withdrawal, setWithdrawal] = useState(value.withdrawal === 'requested');

  const apply = () => {
    onApply({
      ...(status ? { status: status as OrderFilters['status'] } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      ...(customer.trim() ? { customer: customer.trim() } : {}),
      ...(withdrawal ? { withdrawal: 'requested' as const } : {}),
    });
  };

  const reset = () => {
    setStatus('');
    setFrom('');
    setTo('');
    setCustomer('');
    setWithdrawal(false);
    onApply({});
  };

  return (
    <FilterForm
      label={t('backoffice:filters.label')}
      aside={
        <Checkbox
          label={t('backoffice:filters.withdrawal')}
          name="withdrawal"
          checked={withdrawal}
          onChange={(event) => setWithdrawal(event.target.checked)}
        />
      }
      applyLabel={t('backoffice:filters.apply')}
      resetLabel={t('backoffice:filters.reset')}
      onApply={apply}
      onReset={reset}
    >
      <SelectField
        label={t('backoffice:filters.status')}
        name="status"
        value={status}
        onChange={(event) => setStatus(event.target.value)}
        options={[
          { value: '', label: t('backoffice:filters.anyStatus') },
          ...orderStatuses.map((s) => ({ value: s, label: t(`orders:status.${s}`) })),
        ]}
      />
      <TextField
        label={t('backoffice:filters.from')}
        type="date"
        name="from"
        value={from}
        onChange={(event) => setFrom(event.target.value)}
      />
      <TextField
        label={t('backoffice:filters.to')}
        type="date"
        name="to"
        value={to}
        onChange={(event) => setTo(event.target.value)}
      />
      <TextField
        label={t('backoffice:filters.customer')}
        type="search"
        name="customer"
        value={customer}
        maxLength={120}
        hint={t('backoffice:filters.customerHint')}
        onChange={(event) => setCustomer(event.target.value)}
      />
    </FilterForm>
  );
}
