import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BookDetail, Edition, FileDetail, ProductTwin } from '@hls/contract';
import { formatFileSize } from '@hls/contract/file-size';
import { productPath } from '@/config/paths';
import { contentsText, fileFormatLabel } from '../file-facts';
import { useIntlLocale } from '../use-intl-locale';
import { LicenceFact } from './document-extras';
import { LanguageAndCategoryFacts } from './product-detail-layout';

/** A date of the contract (YYYY-MM-DD or ISO) as the visitor's language writes it, read in UTC. */
function longDate(value: string, locale: string): string {
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** "Also in English": the same work in the other language, a page of its own (never among related products). */
export function TwinLink({ twin }: { twin: ProductTwin | null }) {
  const { t } = useTranslation('catalog');
  if (!twin) return null;
  return (
    <p className="product-twin">
      <Link to={productPath(twin)} className="product-twin__link" hrefLang={twin.language}>
        <span className="product-twin__label">{t(`detail.twin.${twin.language}`)}</span>{' '}
        <span className="product-twin__title" lang={twin.language}>
          {twin.title}
        </span>
      </Link>
    </p>
  );
}

/** The facts of a book and of the edition chosen: publisher, date, pages, ISBN, the ebook's file. */
export function BookFacts({ book, edition }: { book: BookDetail; edition: Edition | undefined }) {
  const { t } = useTranslation('catalog');
  const locale = useIntlLocale();
  const file = edition?.ebookFile;
  return (
    <dl className="product-facts">
      <LanguageAndCategoryFacts product={book} />
      {book.publisher && (
        <div>
          <dt>{t('detail.facts.publisher')}</dt>
          <dd>{book.publisher}</dd>
        </div>
      )}
      {book.publicationDate && (
        <div>
          <dt>{t('detail.facts.published')}</dt>
          <dd>
            <time dateTime={book.publicationDate}>{longDate(book.publicationDate, locale)}</time>
          </dd>
        </div>
      )}
      {edition?.pages && (
        <div>
          <dt>{t('detail.facts.pages')}</dt>
          <dd>{edition.pages.toLocaleString(locale)}</dd>
        </div>
      )}
      {edition?.isbn && (
        <div>
          <dt>{t('detail.facts.isbn')}</dt>
          <dd>{edition.isbn}</dd>
        </div>
      )}
      {file && (
        <div className="product-facts__wide">
          <dt>{t('detail.facts.ebookFile')}</dt>
          <dd>
            {t(file.watermarked ? 'detail.ebookFileWatermarked' : 'detail.ebookFile', {
              format: t(`ebookFormats.${file.format}`),
            })}
          </dd>
        </div>
      )}
    </dl>
  );
}

/** The facts of a file: its honest format, what it holds, size, software, macros, licence, last update. */
export function FileFacts({ file }: { file: FileDetail }) {
  const { t } = useTranslation('catalog');
  const locale = useIntlLocale();
  const contents = contentsText(file, t);
  return (
    <dl className="product-facts">
      <div className={file.extension === 'zip' ? 'product-facts__wide' : undefined}>
        <dt>{t('detail.facts.format')}</dt>
        <dd>{fileFormatLabel(file, t)}</dd>
      </div>
      {contents && (
        <div>
          <dt>{t('detail.facts.contents')}</dt>
          <dd>{contents}</dd>
        </div>
      )}
      <div>
        <dt>{t('detail.facts.size')}</dt>
        <dd>{formatFileSize(file.sizeBytes, locale)}</dd>
      </div>
      {file.software.length > 0 && (
        <div className="product-facts__wide">
          <dt>{t('detail.facts.software')}</dt>
          <dd>
            <ul className="product-facts__list">
              {file.software.map((software) => (
                <li key={software.app}>
                  {t(software.version ? 'detail.software.version' : 'detail.software.any', {
                    app: t(`software.${software.app}`),
                    version: software.version,
                  })}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      )}
      <div className={file.macros ? 'product-facts__wide' : undefined}>
        <dt>{t('detail.facts.macros')}</dt>
        <dd>{t(file.macros ? 'detail.macros.yes' : 'detail.macros.no')}</dd>
      </div>
      <LanguageAndCategoryFacts product={file} />
      {file.licence && <LicenceFact licence={file.licence} />}
      {file.usage && (
        <div className="product-facts__wide">
          <dt>{t('detail.facts.usage')}</dt>
          <dd>{t(`detail.usage.${file.usage}`)}</dd>
        </div>
      )}
      <div>
        <dt>{t('detail.facts.updated')}</dt>
        <dd>
          <time dateTime={file.updatedAt}>{longDate(file.updatedAt, locale)}</time>
        </dd>
      </div>
    </dl>
  );
}
