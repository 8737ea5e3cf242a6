import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { endSession } from '@/lib/api-client';
import { tokenStorage } from '@/lib/token-storage';
import { useLogoutMutation } from '../api/auth-api';

type LogoutDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Where the focus goes back when the dialog closes without logging out. */
  returnFocusTo?: () => HTMLElement | null;
};

/** Confirms the logout, revokes the refresh token on the server, then ends the local session. */
export function LogoutDialog({ open, onClose, returnFocusTo }: LogoutDialogProps) {
  const { t } = useTranslation(['auth', 'common']);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logout, { isLoading }] = useLogoutMutation();
  const cancelRef = useRef<HTMLButtonElement>(null);

  const confirm = async () => {
    const refresh = tokenStorage.getRefresh();
    // The local session ends even when the server cannot be reached; the refresh token then expires on its own.
    if (refresh) await logout({ refresh });
    dispatch(endSession());
    onClose();
    navigate(paths.loginRegister.getHref());
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('auth:logout.title')}
      description={t('auth:logout.body')}
      closeLabel={t('common:close')}
      initialFocusRef={cancelRef}
      {...(returnFocusTo ? { returnFocusTo } : {})}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={onClose}>
            {t('auth:logout.cancel')}
          </Button>
          <Button
            variant="danger"
            busy={isLoading}
            busyLabel={t('auth:logout.confirm')}
            onClick={() => void confirm()}
          >
            {t('auth:logout.confirm')}
          </Button>
        </>
      }
    />
  );
}
