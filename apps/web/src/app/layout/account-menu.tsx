import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@/app/hooks';
import { DisclosureMenu } from '@/components/ui/disclosure-menu';
import { UserIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { selectIsLoggedIn, selectRole } from '@/features/auth/auth-slice';
import { accountNavItems } from './nav-items';

// The logout confirmation loads when it is first asked for.
const LogoutDialog = lazy(() =>
  import('@/features/auth/components/logout-dialog').then((module) => ({ default: module.LogoutDialog })),
);

/**
 * Account dropdown by role (SPEC §2): logged out → login/register; logged in → the entries of `accountNavItems`
 * (account, orders; authors their products; editors and admins the back office), then logout. The same dropdown
 * serves every width (the header keeps it beside the burger on phones).
 */
export function AccountMenu() {
  const { t } = useTranslation('common');
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const role = useAppSelector(selectRole);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const [logoutLoaded, setLogoutLoaded] = useState(false);
  // The logout item leaves with its menu as the dialog opens: closing the dialog gives the focus to the menu's button.
  const menuButton = useRef<HTMLButtonElement>(null);

  return (
    <>
      <DisclosureMenu
        label={t('account.menu')}
        trigger={<UserIcon />}
        className="account-menu"
        buttonRef={menuButton}
      >
        {(close) => (
          <ul className="menu-list">
            {!loggedIn ? (
              <>
                <li>
                  <Link to={paths.loginRegister.getHref('login')} onClick={close}>
                    {t('account.login')}
                  </Link>
                </li>
                <li>
                  <Link to={paths.loginRegister.getHref('register')} onClick={close}>
                    {t('account.register')}
                  </Link>
                </li>
              </>
            ) : (
              <>
                {accountNavItems(role).map((item) => (
                  <li key={item.to}>
                    <Link to={item.to} onClick={close}>
                      {t(item.labelKey)}
                    </Link>
                  </li>
                ))}
                <li className="menu-list__separator">
                  <button
                    type="button"
                    onClick={() => {
                      close();
                      setLogoutLoaded(true);
                      setConfirmLogout(true);
                    }}
                  >
                    {t('account.logout')}
                  </button>
                </li>
              </>
            )}
          </ul>
        )}
      </DisclosureMenu>
      {logoutLoaded && (
        <Suspense fallback={null}>
          <LogoutDialog
            open={confirmLogout}
            onClose={() => setConfirmLogout(false)}
            returnFocusTo={() => menuButton.current}
          />
        </Suspense>
      )}
    </>
  );
}
