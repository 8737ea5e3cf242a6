import { useTranslation } from 'react-i18next';
import type { ProductStatus } from '@hls/contract';

/** A proposal's status as a coloured label (the word is always there: the colour is never the only cue). */
export function SubmissionStatusBadge({ status }: { status: ProductStatus }) {
  const { t } = useTranslation('authoring');
  return <span className={`submission-badge submission-badge--${status}`}>{t(`status.${status}`)}</span>;
}
