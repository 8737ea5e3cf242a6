import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { SITE_NAME } from '@/config/site';
import { useSiteOrigin } from '@/components/seo/site-origin';
import { AboutContent } from '@/features/content/components/about-content';
import { PageHead } from './page-head';

export function Component() {
  const { t } = useTranslation(['common', 'pages']);
  const description = t('pages:about.description');
  const origin = useSiteOrigin();
  return (
    <>
      <PageHead
        title={t('common:titles.about')}
        description={description}
        path={paths.about.getHref()}
        intro={t('common:intros.about')}
        jsonLd={{
          '@context': 'https://schema.org',
          '@type': 'AboutPage',
          name: t('common:titles.about'),
          description,
          about: { '@type': 'Organization', name: SITE_NAME, url: `${origin}/` },
        }}
      />
      <AboutContent />
    </>
  );
}
