import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '@hls/contract/file-size';
import type { SubmissionValues } from '@hls/contract';
import { useAppLanguage } from '@/i18n/use-app-language';
import { formatMoney, intlLocale } from '@/lib/money';
import type { ComparedField } from './version-compare';
import { fileOfField } from './version-compare';

/** A field of a version's values as the review shows it; null when the version does not give it. */
export function useValueText() {
  const { t, i18n } = useTranslation(['editorial', 'catalog']);
  const locale = intlLocale(i18n.language);
  const lang = useAppLanguage();
  return useCallback(
    (field: ComparedField, values: SubmissionValues): string | null => {
      const money = (cents: number | null) => (cents === null ? null : formatMoney(cents, locale));
      switch (field) {
        case 'title':
          return values.title;
        case 'language':
          return values.language && t(`editorial:languages.${values.language}`);
        case 'category':
          return values.categoryName?.[lang] ?? (values.categoryId === null ? null : `#${values.categoryId}`);
        case 'subcategory':
          return (
            values.subcategoryName?.[lang] ??
            (values.subcategoryId === null ? null : `#${values.subcategoryId}`)
          );
        case 'paperPriceCents':
        case 'ebookPriceCents':
        case 'priceCents':
          return money(values[field]);
        case 'fileType':
          return values.fileType && t(`catalog:fileTypes.${values.fileType}`);
        case 'isbn':
          return values.isbn;
        case 'pages':
        case 'sheets':
        case 'slides':
          return values[field] === null ? null : values[field].toLocaleString(locale);
        case 'publisher':
          return values.publisher;
        case 'publicationDate':
          return (
            values.publicationDate &&
            new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
              new Date(`${values.publicationDate}T00:00:00Z`),
            )
          );
        case 'archiveParts':
          return values.archiveParts.length
            ? values.archiveParts.map((part) => t(`catalog:archiveParts.${part}`)).join(' + ')
            : null;
        case 'software':
          return values.software.length
            ? values.software
                .map((s) =>
                  s.version
                    ? t('catalog:detail.software.version', {
                        app: t(`catalog:software.${s.app}`),
                        version: s.version,
                      })
                    : t(`catalog:software.${s.app}`),
                )
                .join(', ')
            : null;
        case 'usage':
          return values.usage && t(`catalog:detail.usage.${values.usage}`);
        case 'twinProductId':
          return values.twinProductId === null ? null : t('editorial:twin', { id: values.twinProductId });
        case 'rights':
          return values.rights && t(`editorial:rights.${values.rights}`);
        case 'licence':
          return values.licence && t(`editorial:licences.${values.licence}`);
        case 'confidential':
          return t(values.confidential ? 'editorial:yes' : 'editorial:no');
        default: {
          const file = fileOfField(values, field);
          return file ? `${file.originalName} (${formatFileSize(file.sizeBytes, locale)})` : null;
        }
      }
    },
    [t, locale, lang],
  );
}
