import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubmissionVersion } from '@hls/contract';
import { SelectField } from '@/components/ui/field';
import { formatDateTime } from '@/lib/dates';
import { changedFields, fieldNameKey, wordDiff } from '../version-compare';
import type { DiffPart } from '../version-compare';
import { useValueText } from '../use-value-text';

/** One side of the description: the words both versions share, and this side's own, marked in words too. */
function DiffSide({
  parts,
  side,
  language,
}: {
  parts: DiffPart[];
  side: 'before' | 'after';
  language?: string;
}) {
  const { t } = useTranslation('editorial');
  return (
    <div className="ed-diff__text" lang={language}>
      {parts.map((part, index) => {
        if (part.kind === 'same') return <span key={index}>{part.text}</span>;
        if (side === 'before' && part.kind === 'deleted')
          return (
            <del key={index}>
              <span className="visually-hidden">[{t('diff.deleted')}: </span>
              {part.text}
              <span className="visually-hidden">]</span>
            </del>
          );
        if (side === 'after' && part.kind === 'inserted')
          return (
            <ins key={index}>
              <span className="visually-hidden">[{t('diff.inserted')}: </span>
              {part.text}
              <span className="visually-hidden">]</span>
            </ins>
          );
        return null;
      })}
    </div>
  );
}

/** What changed between two versions: the fields side by side, the description word by word. */
export function VersionDiff({ before, after }: { before: SubmissionVersion; after: SubmissionVersion }) {
  const { t } = useTranslation('editorial');
  const valueText = useValueText();
  const fields = changedFields(before.values, after.values);
  const beforeText = before.values.description ?? '';
  const afterText = after.values.description ?? '';
  const descriptionChanged = beforeText !== afterText;
  const parts = descriptionChanged ? wordDiff(beforeText, afterText) : [];
  const a = t('diff.version', { number: before.number });
  const b = t('diff.version', { number: after.number });
  const language = after.values.language ?? undefined;
  const empty = t('diff.empty');

  return (
    <div className="ed-diff">
      {fields.length === 0 && !descriptionChanged && <p className="ed-muted">{t('diff.nothing')}</p>}
      {fields.length > 0 && (
        <table className="ed-diff__table">
          <caption>{t('diff.caption', { a: before.number, b: after.number })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('diff.field')}</th>
              <th scope="col">{a}</th>
              <th scope="col">{b}</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field) => (
              <tr key={field}>
                <th scope="row">{t(fieldNameKey(field))}</th>
                <td data-label={a}>
                  <del>
                    <span className="visually-hidden">[{t('diff.deleted')}: </span>
                    {valueText(field, before.values) ?? empty}
                    <span className="visually-hidden">]</span>
                  </del>
                </td>
                <td data-label={b}>
                  <ins>
                    <span className="visually-hidden">[{t('diff.inserted')}: </span>
                    {valueText(field, after.values) ?? empty}
                    <span className="visually-hidden">]</span>
                  </ins>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {descriptionChanged && (
        <section className="ed-diff__description" aria-label={t('diff.descriptionLabel')}>
          <h4 className="ed-diff__title">{t('diff.description')}</h4>
          <p className="ed-diff__legend">
            <del>{t('diff.legendDeleted')}</del> <ins>{t('diff.legendInserted')}</ins>
          </p>
          <div className="ed-diff__sides">
            <div className="ed-diff__side">
              <p className="ed-diff__side-title">{a}</p>
              <DiffSide parts={parts} side="before" language={before.values.language ?? undefined} />
            </div>
            <div className="ed-diff__side">
              <p className="ed-diff__side-title">{b}</p>
              <DiffSide parts={parts} side="after" language={language} />
            </div>
          </div>
        </section>
      )}
    </div>
  );
}

/** The versions of a submission and the comparison of any two of them (the previous and the last at first). */
export function VersionsSection({ history, locale }: { history: SubmissionVersion[]; locale: string }) {
  const { t } = useTranslation('editorial');
  const ids = useId();
  // `history` is newest first.
  const [fromNumber, setFromNumber] = useState(history[1]?.number ?? 0);
  const [toNumber, setToNumber] = useState(history[0]?.number ?? 0);
  const from = history.find((version) => version.number === fromNumber);
  const to = history.find((version) => version.number === toNumber);
  const options = [...history].reverse().map((version) => ({
    value: String(version.number),
    label: t('diff.version', { number: version.number }),
  }));

  return (
    <section className="card bo-section" aria-labelledby={`${ids}-versions`}>
      <h2 id={`${ids}-versions`} className="bo-section__title">
        {t('review.versions')}
      </h2>
      <ul className="ed-versions">
        {history.map((version) => (
          <li key={version.number}>
            <strong>{t('diff.version', { number: version.number })}</strong> ·{' '}
            <time dateTime={version.createdAt}>{formatDateTime(version.createdAt, locale)}</time>
            {version.note && <blockquote className="ed-quote">{version.note}</blockquote>}
          </li>
        ))}
      </ul>
      {history.length < 2 ? (
        <p className="ed-muted">{t('diff.onlyOne')}</p>
      ) : (
        <>
          <h3 className="bo-section__subtitle">{t('diff.title')}</h3>
          <div className="ed-diff__pick">
            <SelectField
              label={t('diff.from')}
              name="from"
              value={String(fromNumber)}
              onChange={(event) => setFromNumber(Number(event.target.value))}
              options={options}
            />
            <SelectField
              label={t('diff.to')}
              name="to"
              value={String(toNumber)}
              onChange={(event) => setToNumber(Number(event.target.value))}
              options={options}
            />
          </div>
          {from && to && from.number !== to.number ? (
            <VersionDiff before={from} after={to} />
          ) : (
            <p className="ed-muted">{t('diff.pickTwo')}</p>
          )}
        </>
      )}
    </section>
  );
}
