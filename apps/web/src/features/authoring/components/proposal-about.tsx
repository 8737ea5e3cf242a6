import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fileTypes, languages } from '@hls/contract';
import type { AuthorProduct, Section } from '@hls/contract';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { useAppLanguage } from '@/i18n/use-app-language';
import { useGetProposalCategoriesQuery, useGetProposalSubcategoriesQuery } from '../api/authoring-api';
import type { ProposalKind } from '../api/authoring-api';
import type { ProposalFields } from '../hooks/use-proposal-form';
import type { ProposalValues } from '../proposal-values';

type ProposalAboutProps = {
  kind: ProposalKind;
  /** The section whose categories are offered. */
  section: Section;
  headingId: string;
  fields: ProposalFields;
  /** The author's products this one may be the translation of. */
  twinOptions: AuthorProduct[];
};

/** "About": the title, description, language, type of file, category and twin in the other language. */
export function ProposalAbout({ kind, section, headingId, fields, twinOptions }: ProposalAboutProps) {
  const { t } = useTranslation(['authoring', 'catalog']);
  const { values, update, text, error } = fields;
  const language = useAppLanguage();
  const { data: categories = [] } = useGetProposalCategoriesQuery(section);
  const categoryId = Number(values.categoryId);
  const { data: subcategories = [] } = useGetProposalSubcategoriesQuery(
    { section, category: categoryId },
    { skip: !values.categoryId },
  );

  const name = (localized: { fr: string; en: string }) => localized[language];
  const categoryOptions = useMemo(
    () => [
      { value: '', label: t('authoring:form.chooseCategory') },
      ...categories.map((category) => ({ value: String(category.id), label: name(category.name) })),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [categories, language, t],
  );

  return (
    <section className="proposal-form__group" aria-labelledby={`${headingId}-about`}>
      <h3 id={`${headingId}-about`} className="proposal-form__subtitle">
        {t('authoring:form.about')}
      </h3>
      <TextField label={t('authoring:fields.title')} required maxLength={200} {...text('title')} />
      <TextAreaField
        label={t('authoring:fields.description')}
        name="description"
        required
        rows={6}
        maxLength={5000}
        hint={t('authoring:fields.descriptionHint')}
        value={values.description}
        onChange={(event) => update({ description: event.target.value })}
        error={error('description')}
      />
      <div className="form__grid">
        <SelectField
          label={t('authoring:fields.language')}
          name="language"
          required
          value={values.language}
          onChange={(event) =>
            update({ language: event.target.value === '' ? '' : (event.target.value as 'fr' | 'en') })
          }
          options={[
            { value: '', label: t('authoring:form.chooseLanguage') },
            ...languages.map((code) => ({ value: code, label: t(`catalog:languages.${code}`) })),
          ]}
          error={error('language')}
        />
        {kind === 'file' && (
          <SelectField
            label={t('authoring:fields.fileType')}
            name="fileType"
            required
            value={values.fileType}
            onChange={(event) => update({ fileType: event.target.value as ProposalValues['fileType'] })}
            options={[
              { value: '', label: t('authoring:form.chooseFileType') },
              ...fileTypes.map((type) => ({ value: type, label: t(`catalog:fileTypes.${type}`) })),
            ]}
            error={error('fileType')}
          />
        )}
      </div>
      <div className="form__grid">
        <SelectField
          label={t('authoring:fields.category')}
          name="categoryId"
          required
          value={values.categoryId}
          onChange={(event) => update({ categoryId: event.target.value })}
          options={categoryOptions}
          error={error('categoryId')}
        />
        <SelectField
          label={t('authoring:fields.subcategory')}
          name="subcategoryId"
          value={values.subcategoryId}
          disabled={!values.categoryId || subcategories.length === 0}
          onChange={(event) => update({ subcategoryId: event.target.value })}
          options={[
            { value: '', label: t('authoring:form.noSubcategory') },
            ...subcategories.map((sub) => ({ value: String(sub.id), label: name(sub.name) })),
          ]}
          error={error('subcategoryId')}
        />
      </div>
      <SelectField
        label={t('authoring:fields.twin')}
        name="twinProductId"
        hint={t('authoring:fields.twinHint')}
        value={values.twinProductId}
        disabled={twinOptions.length === 0 && values.twinProductId === ''}
        onChange={(event) => update({ twinProductId: event.target.value })}
        options={[
          { value: '', label: t('authoring:form.noTwin') },
          ...twinOptions.map((product) => ({
            value: String(product.productId),
            label: product.language
              ? `${product.title} (${t(`catalog:languages.${product.language}`)})`
              : product.title,
          })),
        ]}
        error={error('twinProductId')}
      />
    </section>
  );
}
