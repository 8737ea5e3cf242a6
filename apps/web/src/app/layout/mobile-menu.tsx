import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { MailIcon, PhoneIcon } from '@/components/ui/icons';
import { useSiteContacts } from '@/features/content/use-site-contacts';
import { mainNavItems } from './nav-items';
import { SearchForm } from './search-form';
import { CurrencySelect, LanguageSelect } from './preferences';

/** Off-canvas menu below the desktop breakpoint: search, the main menu, language, currency and contacts. */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('common');
  const contact = useSiteContacts();

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('mobileMenu.title')}
      variant="drawer"
      closeLabel={t('mobileMenu.close')}
    >
      <SearchForm className="mobile-search" onSearch={onClose} />
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
