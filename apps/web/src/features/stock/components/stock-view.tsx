import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { StockAdjustBody, stockReasons, type StockReason, type StockRow } from '@hls/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { notify } from '@/components/ui/notify';
import { PageSpinner } from '@/components/ui/spinner';
import { useErrorText } from '@/i18n/use-error-text';
import { useValidationText } from '@/i18n/use-validation-text';
import { toApiFailure } from '@/lib/api-error';
import { formatDateTime } from '@/lib/dates';
import { fieldErrorsFromServer, fieldErrorsFromZod, type FieldErrors } from '@/lib/form-errors';
import { intlLocale } from '@/lib/money';
import { useAdjustStockMutation, useGetStockHistoryQuery, useGetStockQuery } from '../api/stock-api';

/** The new count of an edition and why; the server says what is wrong, field by field. */
function AdjustForm({ row, onDone }: { row: StockRow; onDone: () => void }) {
  const { t } = useTranslation(['backoffice', 'toast']);
  const errorText = useErrorText();
  const validationText = useValidationText();
  const [adjust, { isLoading }] = useAdjustStockMutation();
  const [stock, setStock] = useState(String(row.stock));
  const [reason, setReason] = useState<StockReason | ''>('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = StockAdjustBody.safeParse({
      stock: stock.trim() === '' ? undefined : stock,
      ...(reason ? { reason } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
    });
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    setErrors({});
    const result = await adjust({ editionId: row.editionId, body: parsed.data });
    if (!('error' in result) || result.error === undefined) {
      notify.success(t('toast:stockSaved'));
      onDone();
      return;
    }
    const failure = toApiFailure(result.error);
    const fields = fieldErrorsFromServer(failure.fields);
    setErrors(fields);
    if (Object.keys(fields).length === 0) setFormError(errorText(failure));
  };

  return (
    <form
      className="form stock-form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={t('stock.formLabel', { title: row.title })}
    >
      {formError && <Alert tone="error">{formError}</Alert>}
      <div className="form__grid">
        <TextField
          label={t('stock.count')}
          type="number"
          inputMode="numeric"
          min={0}
          required
          value={stock}
          onChange={(e) => setStock(e.target.value)}
          error={validationText(errors.stock)}
        />
        <SelectField
          label={t('stock.reason')}
          required
          value={reason}
          onChange={(e) => setReason(e.target.value as StockReason)}
          options={[
            { value: '', label: t('stock.chooseReason') },
            ...stockReasons.map((r) => ({ value: r, label: t(`stock.reasons.${r}`) })),
          ]}
          error={validationText(errors.reason)}
        />
      </div>
      <TextField
        label={t('stock.note')}
        hint={t('stock.noteHint')}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        error={validationText(errors.note)}
      />
      <div className="form__actions">
        <Button type="submit" busy={isLoading} busyLabel={t('stock.saving')}>
          {t('stock.save')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('stock.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** An edition's changes by hand, newest first. */
function History({ editionId, locale }: { editionId: number; locale: string }) {
  const { t } = useTranslation('backoffice');
  const { data, isLoading } = useGetStockHistoryQuery(editionId);
  if (isLoading) return <p>{t('stock.historyLoading')}</p>;
  if (!data || data.movements.length === 0) return <p>{t('stock.historyEmpty')}</p>;
  return (
    <ul className="stock-history">
      {data.movements.map((m) => (
        <li key={`${m.at}-${m.delta}`}>
          {t('stock.movement', {
            at: formatDateTime(m.at, locale),
            delta: m.delta > 0 ? `+${m.delta}` : String(m.delta),
            after: m.stockAfter,
            reason: t(`stock.reasons.${m.reason}`),
            by: m.by ?? '—',
          })}
          {m.note && <> — {m.note}</>}
        </li>
      ))}
    </ul>
  );
}

/** /back-office/stock: the paper editions, the lowest stock first, each set by hand with its reason. */
export function StockView() {
  const { t, i18n } = useTranslation(['backoffice', 'errors']);
  const locale = intlLocale(i18n.language);
  const errorText = useErrorText();
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const [lowOnly, setLowOnly] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [showing, setShowing] = useState<number | null>(null);
  const list = useGetStockQuery({ ...(search ? { q: search } : {}), low: lowOnly });

  return (
    <div className="container stock-page">
      <p className="stock-page__intro">{t('stock.intro')}</p>
      <form
        className="stock-filters"
        role="search"
        aria-label={t('stock.searchLabel')}
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(q.trim());
        }}
      >
        <TextField label={t('stock.search')} value={q} onChange={(e) => setQ(e.target.value)} />
        <label className="checkbox stock-filters__low">
          <input type="checkbox" checked={lowOnly} onChange={(e) => setLowOnly(e.target.checked)} />
          {t('stock.lowOnly')}
        </label>
        <Button type="submit" variant="secondary">
          {t('stock.apply')}
        </Button>
      </form>
      {list.isLoading && <PageSpinner label={t('stock.loading')} />}
      {list.isError && <Alert tone="error">{errorText(toApiFailure(list.error))}</Alert>}
      {list.data && list.data.results.length === 0 && <p>{t('stock.none')}</p>}
      {list.data && list.data.results.length > 0 && (
        <ul className="stock-list">
          {list.data.results.map((row) => (
            <li key={row.editionId} className="stock-row card">
              <div className="stock-row__head">
                <strong className="stock-row__title">{row.title}</strong>
                <span className={`stock-row__count${row.low ? ' stock-row__count--low' : ''}`}>
                  {t('stock.copies', { count: row.stock })}
                  {row.low && <span className="stock-row__low">{t('stock.low')}</span>}
                </span>
              </div>
              <div className="stock-row__actions">
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setEditing(editing === row.editionId ? null : row.editionId)}
                >
                  {t('stock.adjust', { title: row.title })}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => setShowing(showing === row.editionId ? null : row.editionId)}
                >
                  {t(showing === row.editionId ? 'stock.hideHistory' : 'stock.showHistory')}
                </Button>
              </div>
              {editing === row.editionId && <AdjustForm row={row} onDone={() => setEditing(null)} />}
              {showing === row.editionId && <History editionId={row.editionId} locale={locale} />}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
