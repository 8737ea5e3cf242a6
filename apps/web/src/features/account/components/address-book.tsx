import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedAddress } from '@hls/contract';
import { PostalAddress } from '@/components/order/order-address';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { notify } from '@/components/ui/notify';
import { Spinner } from '@/components/ui/spinner';
import { useErrorText } from '@/i18n/use-error-text';
import {
  useGetAddressBookQuery,
  useMakeDefaultAddressMutation,
  useRemoveAddressMutation,
} from '@/lib/address-book-api';
import { toApiFailure } from '@/lib/api-error';
import { intlLocale } from '@/lib/money';
import { AddressBookForm } from './address-book-form';

/** How an entry is named to a screen reader beside "Edit", "Remove"…: its label, else its name and city. */
const entryName = (entry: SavedAddress) => entry.label || `${entry.fullName}, ${entry.city}`;

/**
 * The account's address book: the saved delivery addresses (the default first), added, edited, removed after a
 * confirmation, one made the default; checkout offers the default first.
 */
export function AddressBookSection() {
  const { t, i18n } = useTranslation(['account', 'checkout', 'toast', 'common']);
  const locale = intlLocale(i18n.language);
  const errorText = useErrorText();
  const book = useGetAddressBookQuery();
  const [makeDefault, defaulting] = useMakeDefaultAddressMutation();
  const [removeAddress, removing] = useRemoveAddressMutation();
  /** `new`, an address's id, or nothing: which form is open. */
  const [editing, setEditing] = useState<string | null>(null);
  const [removal, setRemoval] = useState<SavedAddress | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  /** The address was removed: its button is gone, the focus goes to "Add an address" instead. */
  const removedRef = useRef(false);

  const entries = book.data?.results ?? [];
  const max = book.data?.max ?? 0;
  const full = book.data !== undefined && entries.length >= max;

  const setDefault = async (entry: SavedAddress) => {
    const result = await makeDefault(entry.id);
    if ('error' in result && result.error !== undefined) {
      notify.error(t('account:addressBook.defaultFailed'), errorText(toApiFailure(result.error)));
      return;
    }
    notify.success(t('account:addressBook.defaultToast', { name: entryName(entry) }));
  };

  const confirmRemoval = async () => {
    if (!removal) return;
    const result = await removeAddress(removal.id);
    if ('error' in result && result.error !== undefined) {
      notify.error(t('account:addressBook.removeFailed'), errorText(toApiFailure(result.error)));
      return;
    }
    removedRef.current = true;
    setRemoval(null);
    if (editing === removal.id) setEditing(null);
    notify.success(t('account:addressBook.removedToast'));
  };

  return (
    <section className="card address-book" aria-labelledby="address-book-title">
      <div className="address-book__head">
        <h2 id="address-book-title" className="card__title">
          {t('account:addressBook.title')}
        </h2>
        {book.data && entries.length > 0 && (
          <p className="address-book__count">
            {t('account:addressBook.count', { count: entries.length, max })}
          </p>
        )}
      </div>
      <p className="form__intro">{t('account:addressBook.intro')}</p>
      {book.isLoading && <Spinner label={t('account:addressBook.loading')} />}
      {book.isError && !book.data && (
        <Alert tone="error" title={t('account:addressBook.loadError')}>
          <Button variant="secondary" size="sm" onClick={() => void book.refetch()}>
            {t('account:retry')}
          </Button>
        </Alert>
      )}
      {book.data && entries.length === 0 && editing !== 'new' && (
        <p className="address-book__empty">{t('account:addressBook.empty')}</p>
      )}
      {entries.length > 0 && (
        <ul className="address-book__list">
          {entries.map((entry) =>
            editing === entry.id ? (
              <li key={entry.id} className="address-book__entry address-book__entry--editing">
                <AddressBookForm entry={entry} first={false} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <li key={entry.id} className="address-book__entry">
                <div className="address-book__address">
                  {(entry.label || entry.isDefault) && (
                    <p className="address-book__label">
                      {entry.label}
                      {entry.isDefault && (
                        <span className="address-badge">{t('checkout:address.defaultBadge')}</span>
                      )}
                    </p>
                  )}
                  <PostalAddress address={entry} locale={locale} />
                </div>
                <div className="address-book__actions">
                  <Button variant="secondary" size="sm" onClick={() => setEditing(entry.id)}>
                    {t('account:addressBook.edit')}
                    <span className="visually-hidden"> — {entryName(entry)}</span>
                  </Button>
                  {!entry.isDefault && (
                    <Button
                      variant="secondary"
                      size="sm"
                      busy={defaulting.isLoading && defaulting.originalArgs === entry.id}
                      busyLabel={t('account:addressBook.makeDefault')}
                      onClick={() => void setDefault(entry)}
                    >
                      {t('account:addressBook.makeDefault')}
                      <span className="visually-hidden"> — {entryName(entry)}</span>
                    </Button>
                  )}
                  <Button variant="ghost" size="sm" onClick={() => setRemoval(entry)}>
                    {t('account:addressBook.remove')}
                    <span className="visually-hidden"> — {entryName(entry)}</span>
                  </Button>
                </div>
              </li>
            ),
          )}
        </ul>
      )}
      {editing === 'new' ? (
        <div className="address-book__new">
          <AddressBookForm first={entries.length === 0} onDone={() => setEditing(null)} />
        </div>
      ) : (
        book.data &&
        (full ? (
          <p className="address-book__full">{t('account:addressBook.full', { max })}</p>
        ) : (
          <div className="form__actions">
            <Button ref={addRef} variant="secondary" onClick={() => setEditing('new')}>
              {t('account:addressBook.add')}
            </Button>
          </div>
        ))
      )}
      <Dialog
        open={removal !== null}
        onClose={() => setRemoval(null)}
        title={t('account:addressBook.removeTitle')}
        description={
          removal?.isDefault && entries.length > 1
            ? t('account:addressBook.removeDefaultText')
            : t('account:addressBook.removeText')
        }
        closeLabel={t('common:close')}
        returnFocusTo={() => {
          const removed = removedRef.current;
          removedRef.current = false;
          return removed ? addRef.current : null;
        }}
        footer={
          <>
            <Button variant="secondary" onClick={() => setRemoval(null)}>
              {t('account:addressBook.keep')}
            </Button>
            <Button
              variant="danger"
              busy={removing.isLoading}
              busyLabel={t('account:addressBook.removing')}
              onClick={() => void confirmRemoval()}
            >
              {t('account:addressBook.confirmRemove')}
            </Button>
          </>
        }
      >
        {removal && <PostalAddress address={removal} locale={locale} />}
      </Dialog>
    </section>
  );
}
