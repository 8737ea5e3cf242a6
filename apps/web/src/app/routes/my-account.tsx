import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useGetUserQuery } from '@/features/account/api/account-api';
import { AddressBookSection } from '@/features/account/components/address-book';
import { AuthorProfileForm } from '@/features/account/components/author-profile-form';
import { EmailConfirmationNotice } from '@/features/account/components/email-confirmation-notice';
import { EmailPreferences } from '@/features/account/components/email-preferences';
import { PasswordForm } from '@/features/account/components/password-form';
import { PendingEmailChange } from '@/features/account/components/pending-email-change';
import { ProfileForm } from '@/features/account/components/profile-form';
import { intlLocale } from '@/lib/money';
import '@/styles/email-preferences.css';
import '@/styles/address-book.css';

export function Component() {
  const { t, i18n } = useTranslation(['common', 'account']);
  const { data: user, isLoading, isError, refetch, fulfilledTimeStamp } = useGetUserQuery();

  return (
    <>
      <PageHeader title={t('common:titles.myAccount')} />
      <div className="container account-layout">
        {isLoading && <PageSpinner label={t('common:loading')} />}
        {isError && !user && (
          <Alert tone="error" title={t('account:loadError')}>
            <Button variant="secondary" size="sm" onClick={() => void refetch()}>
              {t('account:retry')}
            </Button>
          </Alert>
        )}
        {user && (
          <>
            <aside className="card account-summary" aria-labelledby="account-summary-title">
              <div className="account-summary__avatar" aria-hidden="true">
                {(user.firstName[0] ?? '') + (user.lastName[0] ?? '')}
              </div>
              <h2 id="account-summary-title" className="account-summary__name">
                {user.firstName} {user.lastName}
              </h2>
              <p className="account-summary__email">{user.email}</p>
              <dl className="account-summary__facts">
                <dt>{t('account:summary.role')}</dt>
                <dd>
                  <span className={`role-badge role-badge--${user.role}`}>
                    {t(`account:roles.${user.role}`)}
                  </span>
                </dd>
                <dt>{t('account:summary.memberSince')}</dt>
                <dd>
                  {new Intl.DateTimeFormat(intlLocale(i18n.language), {
                    dateStyle: 'long',
                  }).format(new Date(user.createdAt))}
                </dd>
              </dl>
              <nav aria-label={t('account:summary.shortcuts')}>
                <ul className="account-links">
                  <li>
                    <Link to={paths.customerOrders.getHref()}>{t('common:account.myOrders')}</Link>
                  </li>
                  {(user.role === 'editor' || user.role === 'admin') && (
                    <li>
                      <Link to={paths.backOfficeOrders.getHref()}>
                        {t('common:account.backOfficeOrders')}
                      </Link>
                    </li>
                  )}
                  {user.role === 'author' && (
                    <>
                      <li>
                        <Link to={paths.fileBook.getHref()}>{t('common:account.myProducts')}</Link>
                      </li>
                      <li>
                        <Link to={paths.authorPayment.getHref()}>{t('common:account.paidProducts')}</Link>
                      </li>
                      <li>
                        <Link to={paths.publish.getHref()}>{t('account:summary.authorGuide')}</Link>
                      </li>
                    </>
                  )}
                </ul>
              </nav>
            </aside>
            <div className="account-forms">
              {(!user.emailConfirmed || user.pendingEmail) && (
                <div className="account-email">
                  {!user.emailConfirmed && <EmailConfirmationNotice email={user.email} />}
                  <PendingEmailChange user={user} />
                </div>
              )}
              <section className="card">
                <ProfileForm key={`${user.id}-${fulfilledTimeStamp ?? 0}`} user={user} />
              </section>
              <AddressBookSection />
              {user.role === 'author' && (
                <section className="card">
                  <AuthorProfileForm key={`author-${user.id}-${fulfilledTimeStamp ?? 0}`} user={user} />
                </section>
              )}
              <section className="card">
                <PasswordForm />
              </section>
              <EmailPreferences role={user.role} />
            </div>
          </>
        )}
      </div>
    </>
  );
}
