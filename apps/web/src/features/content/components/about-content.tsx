import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button-link';
import { BookIcon, BriefcaseIcon, CapIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

const sections = [
  { key: 'bookshop', to: paths.bookshop.getHref(), Icon: BookIcon },
  { key: 'professional', to: paths.professional.getHref(), Icon: BriefcaseIcon },
  { key: 'academic', to: paths.academic.getHref(), Icon: CapIcon },
] as const;

/** Who HLS is: the three sections, its promises, authors and royalties, editorial review. */
export function AboutContent() {
  const { t } = useTranslation('pages');
  const promises = t('about.promises', { returnObjects: true }) as string[];
  return (
    <div className="container content-page">
      <p className="content-page__lead">{t('about.lead')}</p>

      <section className="content-block" aria-labelledby="about-sections">
        <h2 id="about-sections" className="section-title">
          {t('about.sectionsTitle')}
        </h2>
        <ul className="about-sections">
          {sections.map(({ key, to, Icon }) => (
            <li key={key} className={`about-section about-section--${key}`}>
              <span className="about-section__icon" aria-hidden="true">
                <Icon size={28} />
              </span>
              <h3 className="about-section__title">
                <Link to={to}>{t(`about.sections.${key}.title`)}</Link>
              </h3>
              <p>{t(`about.sections.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="content-block content-block--panel" aria-labelledby="about-promises">
        <h2 id="about-promises" className="section-title">
          {t('about.promisesTitle')}
        </h2>
        <ul className="check-list">
          {promises.map((promise) => (
            <li key={promise}>{promise}</li>
          ))}
        </ul>
      </section>

      <div className="content-columns">
        <section className="content-block" aria-labelledby="about-authors">
          <h2 id="about-authors" className="section-title">
            {t('about.authorsTitle')}
          </h2>
          <p>{t('about.authorsText')}</p>
        </section>
        <section className="content-block" aria-labelledby="about-review">
          <h2 id="about-review" className="section-title">
            {t('about.reviewTitle')}
          </h2>
          <p>{t('about.reviewText')}</p>
        </section>
      </div>

      <p className="content-block__actions">
        <ButtonLink to={paths.publish.getHref()}>{t('about.ctaPublish')}</ButtonLink>
        <ButtonLink variant="secondary" to={paths.contact.getHref()}>
          {t('about.ctaContact')}
        </ButtonLink>
      </p>
    </div>
  );
}
