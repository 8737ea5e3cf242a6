import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankDetails } from '@hls/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/dates';
import { useGetBankDetailsQuery } from '../api/author-royalties-api';
import { countryName } from '../bank-countries';
import { BankDetailsForm } from './bank-details-form';
import { Fact } from './fact';
import { TreatyFormSection } from './treaty-form-section';

/** The saved details as the server gives them: the IBAN masked, never whole. */
function SavedDetails({ details, locale }: { details: BankDetails; locale: string }) {
  const { t } = useTranslation('royalties');
  const address = [
    details.holderStreet,
    [details.holderPostcode, details.holderCity].filter(Boolean).join(' '),
    details.holderCountry ? countryName(details.holderCountry, locale) : null,
  ].filter(Boolean);
  return (
    <dl className="roy-bank">
      <Fact term={t('bank.holder')}>{details.holder}</Fact>
      <Fact
        term={t(details.accountKind === 'iban' ? 'bank.iban' : 'bank.accountNumber')}
        className="roy-iban"
      >
        {details.ibanMasked}
      </Fact>
      <Fact term={t('bank.bic')} className="roy-iban">
        {details.bic}
      </Fact>
      <Fact term={t('bank.bankName')}>{details.bankName}</Fact>
      {details.bankAddress && <Fact term={t('bank.bankAddress')}>{details.bankAddress}</Fact>}
      <Fact term={t('bank.country')}>{countryName(details.country, locale)}</Fact>
      {address.length > 0 && <Fact term={t('bank.address')}>{address.join(', ')}</Fact>}
      <Fact term={t('bank.residenceCountry')}>
        {details.residenceCountry ? countryName(details.residenceCountry, locale) : t('bank.noResidence')}
      </Fact>
      <Fact term={t('bank.updated')}>
        <time dateTime={details.updatedAt}>{formatDate(details.updatedAt, locale)}</time>
      </Fact>
    </dl>
  );
}

/**
 * Where the royalties are paid: the saved details (masked) with an "Edit" button, or the form when none are saved
 * yet. After a save or a cancel the focus goes back to the "Edit" button.
 */
export function BankDetailsSection({ locale }: { locale: string }) {
  const { t } = useTranslation('royalties');
  const { data, isLoading, isError, isFetching, refetch } = useGetBankDetailsQuery();
  const [editing, setEditing] = useState(false);
  // Set by a save or a cancel: the next render that shows the "Edit" button gives it the focus.
  const returnFocus = useRef(false);
  const editButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (editing || !returnFocus.current || !editButton.current) return;
    editButton.current.focus();
    returnFocus.current = false;
  }, [editing, data]);

  if (isLoading) return <Spinner label={t('bank.loading')} />;
  if (isError)
    return (
      <Alert tone="error" title={t('bank.loadFailed')}>
        <Button variant="secondary" size="sm" busy={isFetching} onClick={() => void refetch()}>
          {t('retry')}
        </Button>
      </Alert>
    );

  if (!data)
    return (
      <>
        <p className="roy-muted">{t('bank.none')}</p>
        <BankDetailsForm
          saved={null}
          locale={locale}
          onSaved={() => {
            returnFocus.current = true;
          }}
        />
      </>
    );

  const close = () => {
    returnFocus.current = true;
    setEditing(false);
  };

  return editing ? (
    <BankDetailsForm saved={data} locale={locale} onSaved={close} onCancel={close} />
  ) : (
    <>
      <SavedDetails details={data} locale={locale} />
      <div className="roy-actions">
        <Button ref={editButton} variant="secondary" onClick={() => setEditing(true)}>
          {t('bank.edit')}
        </Button>
      </div>
      <TreatyFormSection details={data} locale={locale} />
    </>
  );
}
