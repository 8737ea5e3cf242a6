import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useEpubCheckPolling } from '@/components/epub/use-epub-check-polling';
import { Alert } from '@/components/ui/alert';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useGetAuthorSubmissionQuery } from '../api/authoring-api';
import type { ProposalKind } from '../api/authoring-api';
import { ProposalForm } from './proposal-form';

/** Query parameter naming the draft a proposal form continues. */
export const DRAFT_PARAM = 'draft';

/**
 * /book-proposed and /file-proposed: a new proposal, or the draft `?draft=<id>` continued. Once a new proposal's
 * draft exists its id goes into the address (replacing the entry), so reloading the page continues it.
 */
export function ProposalScreen({ kind }: { kind: ProposalKind }) {
  const { t } = useTranslation('authoring');
  const [searchParams, setSearchParams] = useSearchParams();
  // The draft this screen was opened with; a draft created here is already in the form.
  const [openedWith] = useState(() => searchParams.get(DRAFT_PARAM));
  const polling = useEpubCheckPolling();
  const { data, isLoading, isError } = useGetAuthorSubmissionQuery(openedWith ?? '', {
    skip: !openedWith,
    ...polling.options,
  });
  polling.seen(data);

  if (!openedWith)
    return (
      <div className="card proposal-card">
        <ProposalForm
          kind={kind}
          mode="new"
          onDraftCreated={(id) =>
            setSearchParams(
              (current) => {
                const next = new URLSearchParams(current);
                next.set(DRAFT_PARAM, id);
                return next;
              },
              { replace: true },
            )
          }
        />
      </div>
    );
  if (isLoading) return <PageSpinner label={t('detail.loading')} />;
  if (isError || !data)
    return (
      <Alert tone="error" title={t('draft.notFound')}>
        <p>
          <Link to={paths.fileBook.getHref()}>{t('detail.back')}</Link>
        </p>
      </Alert>
    );
  if (data.status !== 'draft')
    return (
      <Alert tone="info" title={t('draft.alreadySent')}>
        <p>
          <Link to={paths.authorProduct.getHref(data.id)}>{t('draft.openProposal')}</Link>
        </p>
      </Alert>
    );
  return (
    <div className="card proposal-card">
      <ProposalForm kind={data.kind} mode="new" submission={data} />
    </div>
  );
}
