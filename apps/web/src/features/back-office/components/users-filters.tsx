import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roles, userStatuses } from '@hls/contract/values';
import type { Role, UserStatus } from '@hls/contract';
import { FilterForm } from '@/components/ui/filter-form';
import { SelectField, TextField } from '@/components/ui/field';

export type UserFilters = { q?: string; role?: Role; status?: UserStatus };

type UsersFiltersProps = { value: UserFilters; onApply: (filters: UserFilters) => void };

/** A part of a name or e-mail (any case or accent), a role, a status. */
export function UsersFilters({ value, onApply }: UsersFiltersProps) {
  const { t } = useTranslation(['backoffice', 'account']);
  const [q, setQ] = useState(value.q ?? '');
  const [role, setRole] = useState(value.role ?? '');
  const [status, setStatus] = useState(value.status ?? '');

  const apply = () => {
    onApply({
      ...(q.trim() ? { q: q.trim() } : {}),
      ...(role ? { role: role as UserFilters['role'] } : {}),
      ...(status ? { status: status as UserFilters['status'] } : {}),
    });
  };

  const reset = () => {
    setQ('');
    setRole('');
    setStatus('');
    onApply({});
  };

  return (
    <FilterForm
      label={t('backoffice:users.filters.label')}
      gridClassName="bo-filters__grid--users"
      applyLabel={t('backoffice:users.filters.apply')}
      resetLabel={t('backoffice:users.filters.reset')}
      onApply={apply}
      onReset={reset}
    >
      <TextField
        label={t('backoffice:users.filters.search')}
        type="search"
        name="q"
        value={q}
        maxLength={200}
        hint={t('backoffice:users.filters.searchHint')}
        onChange={(event) => setQ(event.target.value)}
      />
      <SelectField
        label={t('backoffice:users.filters.role')}
        name="role"
        value={role}
        onChange={(event) => setRole(event.target.value)}
        options={[
          { value: '', label: t('backoffice:users.filters.anyRole') },
          ...roles.map((r) => ({ value: r, label: t(`account:roles.${r}`) })),
        ]}
      />
      <SelectField
        label={t('backoffice:users.filters.status')}
        name="status"
        value={status}
        onChange={(event) => setStatus(event.target.value)}
        options={[
          { value: '', label: t('backoffice:users.filters.anyStatus') },
          ...userStatuses.map((s) => ({ value: s, label: t(`backoffice:users.status.${s}`) })),
        ]}
      />
    </FilterForm>
  );
}
