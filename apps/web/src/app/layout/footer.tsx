import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SocialIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { SITE_NAME } from '@/config/site';
import { useSiteContacts } from '@/features/content/use-site-contacts';
import { ContractDownload } from '@/features/content/components/contract-download';
import { Logo } from './logo';
import { PaymentLogos } from './payment-logos';

export function Footer() {
  const { t } = useTranslation('common');
  const { emails, phone, social, partners } = useSiteContacts();
  const year = new Date().getFullYear();

  const columns = [
    {
      key: 'sitemap',
      links: [
        { to: paths.home.getHref(), label: t('nav.home') },
        { to: paths.about.getHref(), label: t('nav.about') },
        { to: paths.contact.getHref(), label: t('footer.contact') },
        { to: paths.terms.getHref(), label: t('footer.terms') },
        { to: paths.legals.getHref(), label: t('footer.legals') },
        { to: paths.privacy.getHref(), label: t('footer.privacy') },
      ],
    },
    {
      key: 'categories',
      links: [
        { to: paths.academic.getHref(), label: t('footer.academic') },
        { to: paths.professional.getHref(), label: t('footer.professional') },
        { to: paths.bookshop.getHref(), label: t('footer.bookshop') },
      ],
    },
    {
      key: 'authors',
      links: [
        { to: paths.publish.getHref(), label: t('footer.becomeAuthor') },
        { to: paths.publish.getHref(true), label: t('footer.salesTips'), state: { element: 'vents' } },
        { to: paths.fileBook.getHref(), label: t('footer.authorSpace') },
        { to: paths.authorPayment.getHref(), label: t('footer.royalties') },
      ],
    },
  ] as const;

  return (
    <footer className="site-footer">
      <div
        className={`container site-footer__grid${partners.length > 0 ? ' site-footer__grid--partners' : ''}`}
      >
        <div className="site-footer__brand">
          <Logo />
          <p>{t('footer.about')}</p>
          <ul className="site-footer__social" aria-label={t('header.social')}>
            {social.map((link) => (
              <li key={link.network}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('header.socialLink', { network: link.label })}
                >
                  <SocialIcon network={link.network} size={18} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        {columns.map((column) => (
          <nav key={column.key} className="site-footer__column" aria-labelledby={`footer-${column.key}`}>
            <h2 id={`footer-${column.key}`} className="site-footer__heading">
              {t(`footer.${column.key}`)}
            </h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} state={'state' in link ? link.state : undefined}>
                    {link.label}
                  </Link>
                </li>
              ))}
              {column.key === 'authors' && (
                <li>
                  <ContractDownload className="link-button">{t('contract.download')}</ContractDownload>
                </li>
              )}
            </ul>
          </nav>
        ))}
        {partners.length > 0 && (
          <nav className="site-footer__column" aria-labelledby="footer-partners">
            <h2 id="footer-partners" className="site-footer__heading">
              {t('footer.partners')}
            </h2>
            <ul>
              {partners.map((partner) => (
                <li key={partner.url}>
                  <a href={partner.url} target="_blank" rel="noopener noreferrer">
                    {partner.name}
                    <span className="visually-hidden"> {t('footer.newWindow')}</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className="site-footer__column">
          <h2 className="site-footer__heading">{t('footer.contactTitle')}</h2>
          <dl className="site-footer__contacts">
            <dt>{t('footer.customers')}</dt>
            <dd>
              <a href={`mailto:${emails.customers}`}>{emails.customers}</a>
            </dd>
            <dt>{t('footer.authors')}</dt>
            <dd>
              <a href={`mailto:${emails.authors}`}>{emails.authors}</a>
            </dd>
            <dt>{t('footer.claims')}</dt>
            <dd>
              <a href={`mailto:${emails.claims}`}>{emails.claims}</a>
            </dd>
            <dt>{t('header.phone')}</dt>
            <dd>
              <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
            </dd>
          </dl>
        </div>
      </div>
      <div className="site-footer__bottom">
        <div className="container site-footer__bottom-inner">
          <p className="site-footer__copyright">{t('footer.copyright', { year, site: SITE_NAME })}</p>
          <PaymentLogos label={t('footer.payments')} />
        </div>
      </div>
    </footer>
  );
}
