import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { EmailConfirmResponse } from '@hls/contract';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { notify } from '@/components/ui/notify';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useErrorText } from '@/i18n/use-error-text';
import { endSession } from '@/lib/api-client';
import { toApiFailure } from '@/lib/api-error';
import type { ApiFailure } from '@/lib/api-error';
import { useConfirmEmailMutation } from '../api/auth-api';
import { selectIsLoggedIn } from '../auth-slice';

type Outcome =
  { kind: 'pending' } | { kind: 'confirmed'; email: string } | { kind: 'failed'; failure: ApiFailure | null };

/**
 * Follows a mailed confirmation link as the page opens. A new account's address is confirmed; a new address
 * takes effect, which ends every session: the stored tokens are cleared and the user logs in again (SPEC §4).
 */
export function EmailConfirmation({ token }: { token: string | null }) {
  const { t } = useTranslation(['auth', 'errors']);
  const errorText = useErrorText();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const [confirmEmail] = useConfirmEmailMutation();
  const [outcome, setOutcome] = useState<Outcome>(
    token ? { kind: 'pending' } : { kind: 'failed', failure: null },
  );
  // The link works once: a second run of the effect (development's strict mode) must not follow it again.
  const followed = useRef(false);

  useEffect(() => {
    if (!token || followed.current) return;
    followed.current = true;
    void confirmEmail({ token }).then((result) => {
      if (!('data' in result) || !result.data) {
        setOutcome({ kind: 'failed', failure: toApiFailure(result.error) });
        return;
      }
      const done: EmailConfirmResponse = result.data;
      if (done.outcome === 'changed') {
        dispatch(endSession());
        notify.success(
          t('auth:emailConfirm.changedToast'),
          t('auth:emailConfirm.changedText', { email: done.email }),
        );
        navigate(paths.loginRegister.getHref(), { replace: true, state: { email: done.email } });
        return;
      }
      setOutcome({ kind: 'confirmed', email: done.email });
    });
  }, [token, confirmEmail, dispatch, navigate, t]);

  if (outcome.kind === 'pending') {
    return <PageSpinner label={t('auth:emailConfirm.pending')} />;
  }

  if (outcome.kind === 'confirmed') {
    return (
      <div className="stack email-link">
        <Alert tone="success" title={t('auth:emailConfirm.confirmedTitle')}>
          <p>{t('auth:emailConfirm.confirmedText', { email: outcome.email })}</p>
        </Alert>
        <div className="email-link__actions">
          <ButtonLink to={paths.cart.getHref()}>{t('auth:emailConfirm.toCart')}</ButtonLink>
          <ButtonLink
            variant="secondary"
            to={loggedIn ? paths.myAccount.getHref() : paths.loginRegister.getHref()}
          >
            {loggedIn ? t('auth:emailConfirm.toAccount') : t('auth:emailConfirm.toLogin')}
          </ButtonLink>
        </div>
      </div>
    );
  }

  const { failure } = outcome;
  const taken = failure?.code === 'email_taken';
  const invalid = !failure || failure.code === 'invalid_email_token' || failure.code === 'validation_failed';
  return (
    <div className="stack email-link">
      <Alert
        tone="error"
        title={
          taken
            ? t('auth:emailConfirm.takenTitle')
            : invalid
              ? t('auth:emailConfirm.invalidTitle')
              : t('auth:emailConfirm.failedTitle')
        }
      >
        <p>
          {taken
            ? t('auth:emailConfirm.takenText')
            : invalid
              ? t('auth:emailConfirm.invalidText')
              : errorText(failure)}
        </p>
      </Alert>
      <div className="email-link__actions">
        {!taken && !invalid && (
          <Button variant="primary" onClick={() => window.location.reload()}>
            {t('auth:emailConfirm.retry')}
          </Button>
        )}
        <ButtonLink
          variant="secondary"
          to={loggedIn ? paths.myAccount.getHref() : paths.loginRegister.getHref()}
        >
          {loggedIn ? t('auth:emailConfirm.toAccount') : t('auth:emailConfirm.toLogin')}
        </ButtonLink>
      </div>
    </div>
  );
}
