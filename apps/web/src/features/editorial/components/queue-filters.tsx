import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languages, productKinds, sections } from '@hls/contract/values';
import { Checkbox } from '@/components/ui/checkbox';
import { FilterForm } from '@/components/ui/filter-form';
import { SelectField } from '@/components/ui/field';
import { queueStatuses } from '../queue-params';
import type { QueueFilters as Filters } from '../queue-params';

type QueueFiltersProps = { value: Filters; onApply: (filters: Filters) => void };

/** Status (waiting for a decision by default), section, kind, language, and "claimed by me". */
export function QueueFilters({ value, onApply }: QueueFiltersProps) {
  const { t } = useTranslation('editorial');
  const [status, setStatus] = useState<string>(value.status ?? '');
  const [section, setSection] = useState<string>(value.section ?? '');
  const [kind, setKind] = useState<string>(value.kind ?? '');
  const [language, setLanguage] = useState<string>(value.language ?? '');
  const [mine, setMine] = useState(value.mine === true);

  const apply = () => {
    onApply({
      ...(status ? { status: status as Filters['status'] } : {}),
      ...(section ? { section: section as Filters['section'] } : {}),
      ...(kind ? { kind: kind as Filters['kind'] } : {}),
      ...(language ? { language: language as Filters['language'] } : {}),
      ...(mine ? { mine: true } : {}),
    });
  };

  const reset = () => {
    setStatus('');
    setSection('');
    setKind('');
    setLanguage('');
    setMine(false);
    onApply({});
  };

  return (
    <FilterForm
      label={t('filters.label')}
      className="ed-filters"
      gridClassName="ed-filters__grid"
      aside={
        <Checkbox
          label={t('filters.mine')}
          name="mine"
          checked={mine}
          onChange={(event) => setMine(event.target.checked)}
        />
      }
      applyLabel={t('filters.apply')}
      resetLabel={t('filters.reset')}
      onApply={apply}
      onReset={reset}
    >
      <SelectField
        label={t('filters.status')}
        name="status"
        value={status}
        onChange={(event) => setStatus(event.target.value)}
        options={[
          { value: '', label: t('filters.waiting') },
          ...queueStatuses.map((s) => ({ value: s, label: t(`status.${s}`) })),
        ]}
      />
      <SelectField
        label={t('filters.section')}
        name="section"
        value={section}
        onChange={(event) => setSection(event.target.value)}
        options={[
          { value: '', label: t('filters.anySection') },
          ...sections.map((s) => ({ value: s, label: t(`sections.${s}`) })),
        ]}
      />
      <SelectField
        label={t('filters.kind')}
        name="kind"
        value={kind}
        onChange={(event) => setKind(event.target.value)}
        options={[
          { value: '', label: t('filters.anyKind') },
          ...productKinds.map((k) => ({ value: k, label: t(`kinds.${k}`) })),
        ]}
      />
      <SelectField
        label={t('filters.language')}
        name="language"
        value={language}
        onChange={(event) => setLanguage(event.target.value)}
        options={[
          { value: '', label: t('filters.anyLanguage') },
          ...languages.map((l) => ({ value: l, label: t(`languages.${l}`) })),
        ]}
      />
    </FilterForm>
  );
}
