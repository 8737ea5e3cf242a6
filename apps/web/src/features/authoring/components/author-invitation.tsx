import { useTranslation } from 'react-i18next';
import type { Role } from '@hls/contract';
import { useAppDispatch } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { EmptyState } from '@/components/ui/empty-state';
import { notify } from '@/components/ui/notify';
import { paths } from '@/config/paths';
import { useErrorText } from '@/i18n/use-error-text';
import { toApiFailure } from '@/lib/api-error';
import { accessTokenRenewed } from '@/lib/session-events';
import { tokenStorage } from '@/lib/token-storage';
import { useUpgradeToAuthorMutation } from '../api/authoring-api';

/**
 * What a logged-in non-author sees on an author screen (SPEC §6): a customer is invited to become an author;
 * editors and admins are sent to the editorial queue. Never a blank page.
 */
export function AuthorInvitation({ role }: { role: Role | null }) {
  const { t } = useTranslation(['authoring', 'toast']);
  const errorText = useErrorText();
  const dispatch = useAppDispatch();
  const [upgrade, { isLoading }] = useUpgradeToAuthorMutation();

  if (role === 'editor' || role === 'admin')
    return (
      <EmptyState title={t('authoring:invite.staffTitle')} text={t('authoring:invite.staffText')}>
        <ButtonLink to={paths.backOfficeEditorial.getHref()}>{t('authoring:invite.queue')}</ButtonLink>
      </EmptyState>
    );

  const become = async () => {
    const result = await upgrade({});
    if (result.data) {
      // The role is in the token: the new pair is kept as a login keeps it, and the screen becomes the author's.
      tokenStorage.save({ access: result.data.access, refresh: result.data.refresh });
      dispatch(accessTokenRenewed(result.data.access));
      notify.success(t('authoring:invite.done'));
      return;
    }
    notify.error(t('toast:operationFailed'), errorText(toApiFailure(result.error)));
  };

  return (
    <EmptyState title={t('authoring:invite.title')} text={t('authoring:invite.text')}>
      <Button busy={isLoading} busyLabel={t('authoring:invite.sending')} onClick={() => void become()}>
        {t('authoring:invite.become')}
      </Button>
      <ButtonLink variant="secondary" to={paths.publish.getHref()}>
        {t('authoring:invite.guide')}
      </ButtonLink>
    </EmptyState>
  );
}
