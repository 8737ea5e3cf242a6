import { lazy, Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MailIcon, MenuIcon, PhoneIcon, SocialIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { WithSiteContacts } from '@/features/content/components/site-contacts';
import { HeaderActions } from './header-actions';
import { Logo } from './logo';
import { mainNavItems } from './nav-items';
import { SearchForm } from './search-form';
import { CurrencySelect, LanguageSelect } from './preferences';

// The off-canvas menu is only needed once the burger is pressed: it loads then, and stays mounted afterwards.
const MobileMenu = lazy(() => import('./mobile-menu').then((module) => ({ default: module.MobileMenu })));

export function Header() {
  const { t } = useTranslation('common');
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);

  return (
    <header className="site-header">
      <div className="masthead">
        <div className="container masthead__inner">
          <button
            type="button"
            className="icon-button masthead__burger"
            aria-haspopup="dialog"
            onClick={() => {
              setMenuLoaded(true);
              setMenuOpen(true);
            }}
          >
            <MenuIcon />
            <span className="visually-hidden">{t('header.openMenu')}</span>
          </button>
          <Link to={paths.home.getHref()} className="logo-link">
            <Logo extraLabel={t('header.homeLink')} />
          </Link>
          {/* Below the desktop breakpoint the search is in the mobile menu. */}
          <SearchForm className="header-search" />
          <nav className="main-nav" aria-label={t('nav.label')}>
            <ul>
              {mainNavItems.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.end}
                    className={({ isActive }) => `main-nav__link${isActive ? ' is-active' : ''}`}
                  >
                    {t(item.labelKey)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <HeaderActions />
        </div>
      </div>
      {/* The top bar comes after the main menu for the keyboard (fewer stops before the menu), above it on screen. */}
      <div className="topbar">
        <div className="container topbar__inner">
          <WithSiteContacts>
            {(contact) => (
              <>
                <ul className="topbar__social" aria-label={t('header.social')}>
                  {contact.social.map((link) => (
                    <li key={link.network}>
                      <a
                        href={link.href}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={t('header.socialLink', { network: link.label })}
                      >
                        <SocialIcon network={link.network} />
                      </a>
                    </li>
                  ))}
                </ul>
                <div className="topbar__contact">
                  <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>
                    <PhoneIcon />
                    <span className="visually-hidden">{t('header.phone')} </span>
                    {contact.phone}
                  </a>
                  <a href={`mailto:${contact.emails.customers}`}>
                    <MailIcon />
                    <span className="visually-hidden">{t('header.email')} </span>
                    {contact.emails.customers}
                  </a>
                </div>
              </>
            )}
          </WithSiteContacts>
          <div className="topbar__prefs">
            <LanguageSelect />
            <CurrencySelect />
          </div>
        </div>
      </div>
      {menuLoaded && (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
