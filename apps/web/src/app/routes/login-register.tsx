import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { Tabs } from '@/components/ui/tabs';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { LoginForm } from '@/features/auth/components/login-form';
import { RegisterForm } from '@/features/auth/components/register-form';

type TabKey = 'login' | 'register';

/** The page that sent the visitor here to log in (navigation state `from`): a path of this site only. */
function returnPath(state: unknown): string | null {
  if (!state || typeof state !== 'object') return null;
  const { from } = state as { from?: unknown };
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  return from.startsWith(paths.loginRegister.path) ? null : from;
}

/** The address to log in with (navigation state `email`): a new address that just took effect. */
function stateEmail(state: unknown): string {
  if (!state || typeof state !== 'object') return '';
  const { email } = state as { email?: unknown };
  return typeof email === 'string' ? email : '';
}

export function Component() {
  const { t } = useTranslation(['common', 'auth']);
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: TabKey = searchParams.get('tab') === 'register' ? 'register' : 'login';
  const [forgotOpen, setForgotOpen] = useState(false);
  // Read once: switching tabs replaces the location, and its state with it.
  const location = useLocation();
  const [returnTo] = useState(() => returnPath(location.state));
  const [loginEmail, setLoginEmail] = useState(() => stateEmail(location.state));

  const selectTab = (key: TabKey) => {
    setForgotOpen(false);
    setSearchParams(key === 'register' ? { tab: 'register' } : {}, {
      replace: true,
      preventScrollReset: true,
    });
  };

  return (
    <>
      <PageHeader title={t('common:titles.loginRegister')} />
      <div className="container auth-layout">
        <div className="auth-card">
          <Tabs<TabKey>
            label={t('auth:tabs.label')}
            selected={tab}
            onSelect={selectTab}
            items={[
              {
                key: 'login',
                label: t('auth:tabs.login'),
                panel: forgotOpen ? (
                  <ForgotPasswordForm defaultEmail={loginEmail} onBack={() => setForgotOpen(false)} />
                ) : (
                  <LoginForm
                    key={loginEmail}
                    defaultEmail={loginEmail}
                    onForgotPassword={() => setForgotOpen(true)}
                    returnTo={returnTo}
                  />
                ),
              },
              {
                key: 'register',
                label: t('auth:tabs.register'),
                panel: (
                  <RegisterForm
                    onRegistered={(email) => {
                      setLoginEmail(email);
                      selectTab('login');
                    }}
                    onLogIn={(email) => {
                      setLoginEmail(email);
                      selectTab('login');
                    }}
                    onResetPassword={(email) => {
                      setLoginEmail(email);
                      selectTab('login');
                      setForgotOpen(true);
                    }}
                  />
                ),
              },
            ]}
          />
        </div>
        <aside className="auth-aside" aria-labelledby="auth-aside-title">
          <h2 id="auth-aside-title">{t('auth:aside.title')}</h2>
          <ul className="check-list">
            <li>{t('auth:aside.customers')}</li>
            <li>{t('auth:aside.students')}</li>
            <li>{t('auth:aside.authors')}</li>
          </ul>
        </aside>
      </div>
    </>
  );
}
