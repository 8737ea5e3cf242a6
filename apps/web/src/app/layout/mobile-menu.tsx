import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { MailIcon, PhoneIcon, SearchIcon } from '@/components/ui/icons';
import { useSiteContacts } from '@/features/content/use-site-contacts';
import { mainNavItems } from './nav-items';
import { searchHref } from './search-href';
import { CurrencySelect, LanguageSelect } from './preferences';

/** Off-canvas menu below the desktop breakpoint: search, the main menu, language, currency and contacts. */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const contact = useSiteContacts();

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = query.trim();
    onClose();
    navigate(searchHref(pathname, text));
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('mobileMenu.title')}
      variant="drawer"
      closeLabel={t('mobileMenu.close')}
    >
      <form role="search" className="mobile-search" onSubmit={onSearch}>
        <label htmlFor={searchId} className="visually-hidden">
          {t('search.label')}
        </label>
        <input
          id={searchId}
          type="search"
          className="input"
          placeholder={t('search.placeholder')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <button type="submit" className="btn btn--primary btn--md">
          <SearchIcon />
          <span className="visually-hidden">{t('search.submit')}</span>
        </button>
      </form>
      <nav aria-label={t('mobileMenu.nav')}>
        <ul className="mobile-nav">
          {mainNavItems.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.end}
                onClick={onClose}
                className={({ isActive }) => (isActive ? 'is-active' : '')}
              >
                {t(item.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mobile-prefs">
        <LanguageSelect variant="full" />
        <CurrencySelect variant="full" />
      </div>
      <ul className="mobile-contact">
        <li>
          <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>
            <PhoneIcon /> {contact.phone}
          </a>
        </li>
        <li>
          <a href={`mailto:${contact.emails.customers}`}>
            <MailIcon /> {contact.emails.customers}
          </a>
        </li>
      </ul>
    </Dialog>
  );
}
