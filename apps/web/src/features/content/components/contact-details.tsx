import { useTranslation } from 'react-i18next';
import { SocialIcon } from '@/components/ui/icons';
import { useSiteContacts } from '../use-site-contacts';

/** "Write or call us": the team addresses and the phone number. */
export function ContactDetails() {
  const { t } = useTranslation(['pages', 'common']);
  const { emails, phone, social } = useSiteContacts();
  const entries = [
    { key: 'customers', value: emails.customers },
    { key: 'authors', value: emails.authors },
    { key: 'claims', value: emails.claims },
  ] as const;
  return (
    <section className="contact-card" aria-labelledby="contact-direct">
      <h2 id="contact-direct">{t('pages:contact.directTitle')}</h2>
      <ul className="contact-list">
        {entries.map((entry) => (
          <li key={entry.key}>
            <span className="contact-list__label">{t(`pages:contact.${entry.key}`)}</span>
            <a href={`mailto:${entry.value}`}>{entry.value}</a>
          </li>
        ))}
        <li>
          <span className="contact-list__label">{t('pages:contact.phone')}</span>
          <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
        </li>
      </ul>
      {social.length > 0 && (
        <>
          <h3 className="contact-list__label">{t('pages:contact.social')}</h3>
          <ul className="social-links">
            {social.map((link) => (
              <li key={link.network}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('common:header.socialLink', { network: link.label })}
                >
                  <SocialIcon network={link.network} size={18} />
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
