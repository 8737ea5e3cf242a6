import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { QueueItem } from '@hls/contract';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { notify } from '@/components/ui/notify';
import { paths } from '@/config/paths';
import { useErrorText } from '@/i18n/use-error-text';
import { toApiFailure } from '@/lib/api-error';
import { formatDate } from '@/lib/dates';
import { useClaimSubmissionMutation } from '../api/editorial-api';
import { FlagBadges, SubmissionStatusBadge } from './badges';

type QueueCardProps = { item: QueueItem; locale: string; viewerId: string | null };

/** One submission of the queue: what it is, who wrote it, since when it waits, who has it, what to look at. */
export function QueueCard({ item, locale, viewerId }: QueueCardProps) {
  const { t } = useTranslation('editorial');
  const errorText = useErrorText();
  const [claim, { isLoading }] = useClaimSubmissionMutation();
  const waiting = item.status === 'submitted' || item.status === 'in_review';
  const claimedByMe = item.claimedBy !== null && item.claimedBy.id === viewerId;
  const titleId = `queue-${item.id}`;

  const onClaim = async () => {
    if (isLoading) return;
    const result = await claim(item.id);
    if ('error' in result && result.error !== undefined)
      notify.error(t('claim.failed'), errorText(toApiFailure(result.error)));
    else notify.success(t('claim.done', { title: item.title }));
  };

  return (
    <li className="card ed-card" aria-labelledby={titleId}>
      <div className="ed-card__head">
        <h3 className="ed-card__title" id={titleId}>
          <Link to={paths.backOfficeSubmission.getHref(item.id)} lang={item.language ?? undefined}>
            {item.title}
          </Link>
        </h3>
        <SubmissionStatusBadge status={item.status} />
      </div>
      <dl className="ed-card__facts">
        <div>
          <dt>{t('queue.author')}</dt>
          <dd>{item.authorName}</dd>
        </div>
        <div>
          <dt>{t('queue.kind')}</dt>
          <dd>
            {t(`kinds.${item.kind}`)} · {t(`sections.${item.section}`)}
            {item.language && ` · ${t(`languages.${item.language}`)}`}
          </dd>
        </div>
        <div>
          <dt>{t('queue.version')}</dt>
          <dd>{t('queue.versionNumber', { number: item.version })}</dd>
        </div>
        <div>
          <dt>{t('queue.submitted')}</dt>
          <dd>
            <time dateTime={item.submittedAt}>{formatDate(item.submittedAt, locale)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('queue.claimedBy')}</dt>
          <dd>
            {item.claimedBy === null
              ? t('queue.notClaimed')
              : claimedByMe
                ? t('queue.you')
                : item.claimedBy.name}
          </dd>
        </div>
      </dl>
      <FlagBadges flags={item.flags} openReports={item.openReports} />
      <div className="ed-card__actions">
        {waiting && item.claimedBy === null && (
          <Button size="sm" busy={isLoading} busyLabel={t('claim.sending')} onClick={() => void onClaim()}>
            {t('claim.submit')}
            <span className="visually-hidden"> {t('queue.forTitle', { title: item.title })}</span>
          </Button>
        )}
        <ButtonLink variant="secondary" size="sm" to={paths.backOfficeSubmission.getHref(item.id)}>
          {t('queue.review')}
          <span className="visually-hidden"> {t('queue.forTitle', { title: item.title })}</span>
        </ButtonLink>
      </div>
    </li>
  );
}
