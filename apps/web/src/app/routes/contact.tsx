import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { ContactDetails } from '@/features/content/components/contact-details';
import { ContactForm } from '@/features/content/components/contact-form';
import { PageHead } from './page-head';

export function Component() {
  const { t } = useTranslation(['common', 'pages']);
  const description = t('pages:contact.description');
  return (
    <>
      <PageHead
        title={t('common:titles.contact')}
        description={description}
        path={paths.contact.getHref()}
        intro={t('common:intros.contact')}
        jsonLd={{
          '@context': 'https://schema.org',
          '@type': 'ContactPage',
          name: t('common:titles.contact'),
          description,
        }}
      />
      <div className="container contact-layout">
        <div className="contact-card">
          <ContactForm />
        </div>
        <ContactDetails />
      </div>
    </>
  );
}
