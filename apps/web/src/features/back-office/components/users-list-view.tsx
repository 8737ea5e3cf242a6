import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { roles, userStatuses } from '@hls/contract/values';
import type { AdminUser, Role, UserStatus } from '@hls/contract';
import { Button } from '@/components/ui/button';
import { toApiFailure } from '@/lib/api-error';
import { formatDate } from '@/lib/dates';
import { intlLocale } from '@/lib/money';
import { useGetAdminUsersQuery } from '../api/back-office-api';
import { BackOfficeForbidden } from './forbidden';
import { pageFrom, searchFrom } from './list-search';
import { ListTable } from './list-table';
import { UserActionDialog } from './user-action-dialog';
import { userName } from './user-name';
import type { UserAction } from './user-action-dialog';
import { UsersFilters } from './users-filters';
import type { UserFilters } from './users-filters';

/** The filters and page the URL holds (a filtered list can be reloaded and shared). */
function filtersFrom(params: URLSearchParams): { filters: UserFilters; page: number } {
  const q = params.get('q')?.trim();
  const role = params.get('role');
  const status = params.get('status');
  return {
    filters: {
      ...(q ? { q: q.slice(0, 200) } : {}),
      ...(role && (roles as readonly string[]).includes(role) ? { role: role as Role } : {}),
      ...(status && (userStatuses as readonly string[]).includes(status)
        ? { status: status as UserStatus }
        : {}),
    },
    page: pageFrom(params),
  };
}

type UserRowProps = {
  user: AdminUser;
  isSelf: boolean;
  headerIds: { role: string };
  locale: string;
  onAction: (action: UserAction) => void;
};

/** One user: name and e-mail, the role (a select and its button), the status, the date, suspend or reactivate. */
function UserRow({ user, isSelf, headerIds, locale, onAction }: UserRowProps) {
  const { t } = useTranslation(['backoffice', 'account']);
  const nameId = useId();
  const [role, setRole] = useState<Role>(user.role);
  const name = userName(user);
  // The buttons' names say whom they act on; the visible text starts the name.
  const ofUser = <span className="visually-hidden"> {t('backoffice:users.list.ofUser', { name })}</span>;
  const whom = <span className="visually-hidden"> {name}</span>;

  return (
    <tr>
      <th scope="row" data-label={t('backoffice:users.list.user')}>
        <div>
          <span className="bo-table__name" id={nameId}>
            {name}
          </span>
          <span className="bo-table__email">{user.email}</span>
          {isSelf && <span className="bo-flag bo-flag--self">{t('backoffice:users.list.you')}</span>}
        </div>
      </th>
      <td data-label={t('backoffice:users.list.role')}>
        <div className="bo-users__role">
          <select
            className="input select bo-users__select"
            name={`role-${user.id}`}
            aria-labelledby={`${headerIds.role} ${nameId}`}
            value={role}
            disabled={isSelf}
            onChange={(event) => setRole(event.target.value as Role)}
          >
            {roles.map((r) => (
              <option key={r} value={r}>
                {t(`account:roles.${r}`)}
              </option>
            ))}
          </select>
          {role !== user.role && (
            <Button size="sm" onClick={() => onAction({ kind: 'role', user, role })}>
              {t('backoffice:users.list.changeRole')}
              {ofUser}
            </Button>
          )}
        </div>
      </td>
      <td data-label={t('backoffice:users.list.status')}>
        <div>
          <span className={`bo-flag bo-flag--${user.status}`}>
            {t(`backoffice:users.status.${user.status}`)}
          </span>
          {user.suspendedAt && (
            <span className="bo-table__email">
              {t('backoffice:users.list.suspendedOn', { date: formatDate(user.suspendedAt, locale) })}
            </span>
          )}
        </div>
      </td>
      <td data-label={t('backoffice:users.list.created')}>
        <div>
          <time dateTime={user.createdAt}>{formatDate(user.createdAt, locale)}</time>
        </div>
      </td>
      <td data-label={t('backoffice:users.list.actions')}>
        <div>
          {isSelf ? (
            <span className="bo-table__email">{t('backoffice:users.list.selfNote')}</span>
          ) : user.status === 'suspended' ? (
            <Button size="sm" onClick={() => onAction({ kind: 'reactivate', user })}>
              {t('backoffice:users.list.reactivate')}
              {whom}
            </Button>
          ) : (
            <Button size="sm" variant="secondary" onClick={() => onAction({ kind: 'suspend', user })}>
              {t('backoffice:users.list.suspend')}
              {whom}
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}

/**
 * /back-office/users: every account, newest first, with role changes and suspensions (admins only). `selfId` is
 * the logged-in admin, whose own row has no controls (the server refuses them too).
 */
export function BackOfficeUsersView({ selfId }: { selfId: string | null }) {
  const { t, i18n } = useTranslation('backoffice');
  const locale = intlLocale(i18n.language);
  const roleHeaderId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const { filters, page } = filtersFrom(searchParams);
  const { data, error, isLoading, isFetching, refetch } = useGetAdminUsersQuery({ ...filters, page });
  const failure = error ? toApiFailure(error) : null;
  const [action, setAction] = useState<UserAction | null>(null);

  if (failure?.status === 403) {
    return (
      <div className="container bo-page">
        <BackOfficeForbidden text={t('users.forbiddenText')} />
      </div>
    );
  }

  return (
    <div className="container bo-page">
      <UsersFilters
        key={searchParams.toString()}
        value={filters}
        onApply={(next) => setSearchParams(searchFrom(next))}
      />
      <ListTable
        data={data}
        failure={failure}
        isLoading={isLoading}
        isFetching={isFetching}
        refetch={refetch}
        texts={{
          loading: t('users.loading'),
          loadFailed: t('users.loadFailed'),
          retry: t('retry'),
          emptyTitle: t('users.list.emptyTitle'),
          emptyText: t('users.list.emptyText'),
          count: (count) => t('users.list.count', { count }),
          caption: t('users.list.caption'),
          pagination: {
            nav: t('users.pagination.nav'),
            previous: t('users.pagination.previous'),
            next: t('users.pagination.next'),
            page: (n) => t('users.pagination.page', { page: n }),
          },
        }}
        tableClassName="bo-table bo-users"
        head={
          <tr>
            <th scope="col">{t('users.list.user')}</th>
            <th scope="col" id={roleHeaderId}>
              {t('users.list.role')}
            </th>
            <th scope="col">{t('users.list.status')}</th>
            <th scope="col">{t('users.list.created')}</th>
            <th scope="col">{t('users.list.actions')}</th>
          </tr>
        }
        hrefFor={(n) => `?${searchFrom(filters, n).toString()}`}
      >
        {(users) =>
          users.map((user) => (
            <UserRow
              // A saved change comes back from the server: the row starts again from it.
              key={`${user.id}:${user.role}`}
              user={user}
              isSelf={user.id === selfId}
              headerIds={{ role: roleHeaderId }}
              locale={locale}
              onAction={setAction}
            />
          ))
        }
      </ListTable>
      <UserActionDialog action={action} onClose={() => setAction(null)} />
    </div>
  );
}
