import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoyaltyMonth } from '@hls/contract';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/field';
import { useAppLanguage } from '@/i18n/use-app-language';
import { statementPath } from '../api/author-royalties-api';
import { formatMonth, previousMonth } from '../format';
import { statementMonths } from '../months';
import { useFileDownload } from '../hooks/use-file-download';

/** A month picker and "Download the statement": the month's PDF (sales, refunds, payouts of the month). */
export function StatementDownload({ monthly, locale }: { monthly: RoyaltyMonth[]; locale: string }) {
  const { t } = useTranslation('royalties');
  const lang = useAppLanguage();
  const months = statementMonths(monthly);
  const last = previousMonth();
  const [month, setMonth] = useState(months.includes(last) ? last : (months[0] ?? last));
  const { busy, download } = useFileDownload();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void download('statement', statementPath(month, lang), `statement-${month}.pdf`);
  };

  return (
    <form className="roy-statement" onSubmit={submit} aria-label={t('statement.label')}>
      <SelectField
        label={t('statement.month')}
        name="month"
        value={month}
        onChange={(event) => setMonth(event.target.value)}
        options={months.map((m) => ({ value: m, label: formatMonth(m, locale) }))}
      />
      <Button type="submit" variant="secondary" busy={busy === 'statement'} busyLabel={t('download.busy')}>
        {t('statement.download')}
      </Button>
    </form>
  );
}
