import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUser, Role } from '@hls/contract';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { notify } from '@/components/ui/notify';
import { useErrorText } from '@/i18n/use-error-text';
import { toApiFailure } from '@/lib/api-error';
import {
  useChangeUserRoleMutation,
  useReactivateUserMutation,
  useSuspendUserMutation,
} from '../api/back-office-api';
import { userName } from './user-name';

/** What the admin asked for on one user, waiting for their confirmation. */
export type UserAction =
  | { kind: 'role'; user: AdminUser; role: Role }
  | { kind: 'suspend'; user: AdminUser }
  | { kind: 'reactivate'; user: AdminUser };

const dialogKeys = { role: 'roleDialog', suspend: 'suspendDialog', reactivate: 'reactivateDialog' } as const;

type UserActionDialogProps = { action: UserAction | null; onClose: () => void };

/** Confirms a role change, a suspension or a reactivation, sends it, and tells how it went in a toast. */
export function UserActionDialog({ action, onClose }: UserActionDialogProps) {
  const { t } = useTranslation(['backoffice', 'common']);
  const errorText = useErrorText();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [changeRole, roleState] = useChangeUserRoleMutation();
  const [suspend, suspendState] = useSuspendUserMutation();
  const [reactivate, reactivateState] = useReactivateUserMutation();
  const busy = roleState.isLoading || suspendState.isLoading || reactivateState.isLoading;

  if (!action) return null;
  const prefix = `users.${dialogKeys[action.kind]}`;
  const values = {
    name: userName(action.user),
    role: action.kind === 'role' ? t(`users.roleNames.${action.role}`) : '',
  };

  const confirm = async () => {
    const result =
      action.kind === 'role'
        ? await changeRole({ userId: action.user.id, body: { role: action.role } })
        : action.kind === 'suspend'
          ? await suspend({ userId: action.user.id, body: {} })
          : await reactivate(action.user.id);
    if (result.error) notify.error(t(`${prefix}.failed`), errorText(toApiFailure(result.error)));
    else notify.success(t(`${prefix}.done`, values));
    onClose();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t(`${prefix}.title`, values)}
      description={t(`${prefix}.text`, values)}
      closeLabel={t('common:close')}
      initialFocusRef={cancelRef}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={onClose}>
            {t(`${prefix}.cancel`)}
          </Button>
          <Button
            variant={action.kind === 'suspend' ? 'danger' : 'primary'}
            busy={busy}
            busyLabel={t(`${prefix}.sending`)}
            onClick={() => void confirm()}
          >
            {t(`${prefix}.confirm`)}
          </Button>
        </>
      }
    />
  );
}
