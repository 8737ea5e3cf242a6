import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button-classes';
import { ButtonLink } from '@/components/ui/button-link';
import { paths } from '@/config/paths';
import { AuthorDeal } from './author-deal';
import { ContractDownload } from './contract-download';

const steps = ['account', 'submit', 'track', 'earn'] as const;

/** Id of the tips section (the #tips anchor of /publish). */
export const TIPS_ID = 'tips';

type Tip = { title: string; text: string };

/** The pages the steps name, as links (`<register>`, `<products>`, `<paid>` in their text). */
const stepLinks = {
  register: <Link to={paths.loginRegister.getHref('register')} />,
  products: <Link to={paths.fileBook.getHref()} />,
  paid: <Link to={paths.authorPayment.getHref()} />,
};

/**
 * The author guide: 4 steps, what authors earn and when, the author contract and the tips to boost sales (SPEC
 * §2 Publish screen).
 */
export function PublishGuide() {
  const { t } = useTranslation('pages');
  const tips = t('publish.tips', { returnObjects: true }) as Tip[];
  return (
    <div className="container content-page">
      <p className="content-page__lead">{t('publish.lead')}</p>

      <section className="content-block" aria-labelledby="publish-steps">
        <h2 id="publish-steps" className="section-title">
          {t('publish.stepsTitle')}
        </h2>
        <ol className="steps">
          {steps.map((key, index) => (
            <li key={key} className="steps__item">
              <span className="steps__number" aria-hidden="true">
                {index + 1}
              </span>
              <div>
                <h3 className="steps__title">{t(`publish.steps.${key}.title`)}</h3>
                <p>
                  <Trans t={t} i18nKey={`publish.steps.${key}.text`} components={stepLinks} />
                </p>
              </div>
            </li>
          ))}
        </ol>
        <p className="content-block__actions">
          <ButtonLink to={paths.loginRegister.getHref('register')}>{t('publish.register')}</ButtonLink>
        </p>
      </section>

      <AuthorDeal />

      <section className="content-block content-block--panel" aria-labelledby="publish-contract">
        <h2 id="publish-contract" className="section-title">
          {t('publish.contractTitle')}
        </h2>
        <p>{t('publish.contractText')}</p>
        <ContractDownload className={buttonClasses({ variant: 'secondary' })}>
          {t('publish.download')}
        </ContractDownload>
      </section>

      <section id={TIPS_ID} className="content-block tips" aria-labelledby="publish-tips" tabIndex={-1}>
        <h2 id="publish-tips" className="section-title">
          {t('publish.tipsTitle')}
        </h2>
        <ol className="tips__list">
          {tips.map((tip) => (
            <li key={tip.title} className="tips__item">
              <h3 className="tips__title">{tip.title}</h3>
              <p>{tip.text}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
