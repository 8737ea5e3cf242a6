import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addressOf } from '@hls/contract';
import type { Address, Order, SavedAddress } from '@hls/contract';
import { PostalAddress } from '@/components/order/order-address';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/notify';
import { Spinner } from '@/components/ui/spinner';
import { useErrorText } from '@/i18n/use-error-text';
import { useGetAddressBookQuery } from '@/lib/address-book-api';
import { toApiFailure } from '@/lib/api-error';
import { useSaveAddressMutation } from '../api/checkout-api';
import { AddressForm } from './address-form';

type AddressStepProps = {
  order: Pick<Order, 'id' | 'address'>;
  /** The order has an address and the buyer asked to change it. */
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
  locale: string;
  /** Id of the step's heading. */
  labelledBy: string;
};

const NEW = 'new';

const sameAddress = (a: Address, b: Address) => JSON.stringify(addressOf(a)) === JSON.stringify(addressOf(b));

/** The saved address the step starts on: the order's own when it is in the book, else the default. */
function firstChoice(saved: SavedAddress[], current: Address | null): string {
  if (current) return saved.find((entry) => sameAddress(entry, current))?.id ?? NEW;
  return (saved.find((entry) => entry.isDefault) ?? saved[0])?.id ?? NEW;
}

/**
 * The delivery address step of a paper order: the buyer's default address ready to use, another saved one to
 * pick, or a new one to type (kept in the address book on request, ticked for a first address). The order keeps
 * its own copy of the address it is sent to.
 */
export function AddressStep({ order, editing, onEditingChange, locale, labelledBy }: AddressStepProps) {
  const { t } = useTranslation(['checkout', 'toast']);
  const errorText = useErrorText();
  const book = useGetAddressBookQuery();
  const [saveAddress, { isLoading }] = useSaveAddressMutation();
  const [choice, setChoice] = useState<string | null>(null);

  if (order.address && !editing) {
    return (
      <div className="checkout-address">
        <PostalAddress address={order.address} locale={locale} />
        <Button variant="secondary" size="sm" onClick={() => onEditingChange(true)}>
          {t('checkout:address.change')}
        </Button>
      </div>
    );
  }
  if (book.isLoading) return <Spinner label={t('checkout:address.bookLoading')} />;

  const saved = book.data?.results ?? [];
  const cancel = order.address ? () => onEditingChange(false) : undefined;
  const done = () => onEditingChange(false);
  if (saved.length === 0) {
    // A first address (or a book that could not be read): typed, and offered to the book.
    return (
      <AddressForm
        orderId={order.id}
        address={order.address}
        labelledBy={labelledBy}
        onSaved={done}
        onCancel={cancel}
        saveToBook={book.isError ? undefined : true}
      />
    );
  }

  const chosen = choice ?? firstChoice(saved, order.address);
  const picked = saved.find((entry) => entry.id === chosen);

  const deliverHere = async () => {
    if (!picked || isLoading) return;
    const result = await saveAddress({ orderId: order.id, ...addressOf(picked) });
    if (!('error' in result) || result.error === undefined) {
      notify.success(t('toast:addressSaved'));
      done();
      return;
    }
    notify.error(t('toast:addressFailed'), errorText(toApiFailure(result.error)));
  };

  return (
    <div className="address-step">
      <fieldset className="address-choice">
        <legend className="address-choice__legend">{t('checkout:address.chooseSaved')}</legend>
        {saved.map((entry) => (
          <label
            key={entry.id}
            className={`address-choice__option${entry.id === chosen ? ' address-choice__option--checked' : ''}`}
          >
            <input
              type="radio"
              name="delivery-address"
              value={entry.id}
              checked={entry.id === chosen}
              onChange={() => setChoice(entry.id)}
            />
            <span className="address-choice__text">
              {(entry.label || entry.isDefault) && (
                <span className="address-choice__label">
                  {entry.label}
                  {entry.isDefault && (
                    <span className="address-badge">{t('checkout:address.defaultBadge')}</span>
                  )}
                </span>
              )}
              <PostalAddress address={entry} locale={locale} />
            </span>
          </label>
        ))}
        <label
          className={`address-choice__option${chosen === NEW ? ' address-choice__option--checked' : ''}`}
        >
          <input
            type="radio"
            name="delivery-address"
            value={NEW}
            checked={chosen === NEW}
            onChange={() => setChoice(NEW)}
          />
          <span className="address-choice__text">{t('checkout:address.newAddress')}</span>
        </label>
      </fieldset>
      {picked ? (
        <div className="form__actions">
          <Button
            busy={isLoading}
            busyLabel={t('checkout:address.saving')}
            onClick={() => void deliverHere()}
          >
            {t('checkout:address.deliverHere')}
          </Button>
          {cancel && (
            <Button variant="ghost" onClick={cancel}>
              {t('checkout:address.cancel')}
            </Button>
          )}
        </div>
      ) : (
        <AddressForm
          orderId={order.id}
          address={order.address && !saved.some((e) => sameAddress(e, order.address!)) ? order.address : null}
          labelledBy={labelledBy}
          onSaved={done}
          onCancel={cancel}
          saveToBook={false}
        />
      )}
    </div>
  );
}
