import { useState } from 'react';
import type { Section, Submission, SubmissionFile, UploadSlot } from '@hls/contract';
import { useAppLanguage } from '@/i18n/use-app-language';
import { useValidationText } from '@/i18n/use-validation-text';
import type { FieldErrors } from '@/lib/form-errors';
import { useGetAuthorProductsQuery } from '../api/authoring-api';
import type { FileSection, ProposalKind } from '../api/authoring-api';
import { draftBody, emptyValues, valuesFromWorking } from '../proposal-values';
import type { ProposalValues } from '../proposal-values';
import { useProposalDraft } from './use-proposal-draft';
import { useProposalSubmit } from './use-proposal-submit';
import { useUpload } from './use-upload';
import type { UploadState } from './use-upload';

export type ProposalFormOptions = {
  kind: ProposalKind;
  /** `new`: a proposal (or a draft being continued) sent for review; `revise`: the next version of one. */
  mode: 'new' | 'revise';
  /** The draft being continued, or the submission being revised. */
  submission?: Submission | undefined;
  /** Revise mode: called after the new version was sent, or to give up editing. */
  onClose?: () => void;
  /** New mode: the draft got its id (the screen keeps it in the address, so a reload continues it). */
  onDraftCreated?: (id: string) => void;
};

/** The fields typed as text (prices, counts, dates too): their input gets its value, change and error alike. */
export type TextName =
  | 'title'
  | 'isbn'
  | 'pages'
  | 'paperPrice'
  | 'ebookPrice'
  | 'price'
  | 'publisher'
  | 'publicationDate'
  | 'sheets'
  | 'slides';

/** What a part of the form needs to show and change the proposal's values. */
export type ProposalFields = {
  values: ProposalValues;
  errors: FieldErrors;
  /** Changes some values: clears their errors and saves the draft a moment later. */
  update: (patch: Partial<ProposalValues>) => void;
  /** The name, value, change handler and error of a text input. */
  text: (name: TextName) => {
    name: TextName;
    value: string;
    onChange: (event: { target: { value: string } }) => void;
    error: string | undefined;
  };
  /** The error of a field, in the page's language. */
  error: (name: string) => string | undefined;
};

/** The manuscript (a book) or the file sold, and the cover: their uploads and how to send each. */
export type ProposalUploads = {
  mainSlot: UploadSlot;
  main: UploadState;
  cover: UploadState;
  /** The declared type changed since the file was sent: a file of the new type is needed. */
  typeNeedsFile: boolean;
  sendMain: (file: File) => void;
  sendCover: (file: File) => void;
};

const fileOf = (submission: Submission | undefined, slot: UploadSlot): SubmissionFile | null =>
  submission?.working.files.find((file) => file.slot === slot) ?? null;

/**
 * The proposal form's state: its values (saved as a draft on the server while they are typed), their errors,
 * the cover and the manuscript or file being uploaded, and the submission.
 */
export function useProposalForm({ kind, mode, submission, onClose, onDraftCreated }: ProposalFormOptions) {
  const validationText = useValidationText();
  const language = useAppLanguage();
  const [values, setValues] = useState<ProposalValues>(() =>
    submission
      ? valuesFromWorking(
          submission.working,
          submission.section === 'academic' ? 'academic' : 'professional',
          language,
        )
      : emptyValues(),
  );
  // A new file proposal starts by choosing its section, which is fixed once the draft exists.
  const [sectionChosen, setSectionChosen] = useState(kind === 'book' || submission !== undefined);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [note, setNote] = useState('');
  const draft = useProposalDraft({
    kind,
    initialId: submission?.id ?? null,
    ...(onDraftCreated ? { onCreated: onDraftCreated } : {}),
  });
  const section: Section = kind === 'book' ? 'book' : values.section;
  const ensureDraft = () => draft.ensure(section, draftBody(values, kind));
  const cover = useUpload('cover', fileOf(submission, 'cover'), ensureDraft);
  const mainSlot: UploadSlot = kind === 'book' ? 'manuscript' : 'file';
  const main = useUpload(mainSlot, fileOf(submission, mainSlot), ensureDraft);
  // The declared type the server holds with the uploaded file: changing it needs a file of the new type.
  const [uploadedType, setUploadedType] = useState(submission?.working.fileType ?? null);
  const typeNeedsFile =
    kind === 'file' && main.state.file !== null && values.fileType !== '' && values.fileType !== uploadedType;

  /** The draft's fields to save: a new declared type waits for its file (the server refuses it alone). */
  const savable = (next: ProposalValues) => {
    const body = draftBody(next, kind) as Record<string, unknown>;
    if (kind === 'file' && main.state.file !== null && next.fileType !== uploadedType) delete body.fileType;
    return body;
  };

  const update = (patch: Partial<ProposalValues>) => {
    const next = { ...values, ...patch };
    if (patch.categoryId !== undefined && patch.categoryId !== values.categoryId) next.subcategoryId = '';
    setValues(next);
    setErrors((current) => {
      const rest = { ...current };
      for (const name of Object.keys(patch)) delete rest[name];
      if (patch.paper !== undefined || patch.ebook !== undefined) delete rest.editions;
      return rest;
    });
    draft.change(savable(next), kind === 'file' ? next.section : 'book');
  };

  /** Choosing alone creates no draft: the first field typed does, with the section chosen then. */
  const chooseSection = (chosen: FileSection) => {
    setSectionChosen(true);
    setValues((current) => ({
      ...current,
      section: chosen,
      ...(chosen === 'academic' ? { price: '' } : {}),
    }));
  };

  const { data: ownProducts } = useGetAuthorProductsQuery(kind);
  /** The author's published products in another language, which this one may be the translation of. */
  const twinOptions = (ownProducts?.results ?? []).filter(
    (product) =>
      product.productId !== null &&
      product.status === 'published' &&
      product.id !== submission?.id &&
      (values.language === '' || product.language !== values.language),
  );

  const fields: ProposalFields = {
    values,
    errors,
    update,
    text: (name) => ({
      name,
      value: values[name],
      onChange: (event) => update({ [name]: event.target.value }),
      error: validationText(errors[name]),
    }),
    error: (name) => validationText(errors[name]),
  };

  /** Sends the manuscript or file, with the file type it is declared as (kept once the server stored it). */
  const sendMain = (file: File) => {
    setErrors(({ [mainSlot]: _removed, ...rest }) => rest);
    const declared = kind === 'file' ? values.fileType : '';
    void main.send(file, declared ? { fileType: declared } : {}).then((stored) => {
      if (stored && declared) setUploadedType(declared);
    });
  };
  const sendCover = (file: File) => {
    setErrors(({ cover: _removed, ...rest }) => rest);
    void cover.send(file);
  };

  const uploading = cover.state.phase === 'uploading' || main.state.phase === 'uploading';
  const { onSubmit, formError, sending } = useProposalSubmit({
    kind,
    mode,
    submission,
    values,
    note,
    uploading,
    draft,
    setErrors,
    onClose,
  });

  return {
    fields,
    section,
    sectionChosen,
    chooseSection,
    twinOptions,
    note,
    setNote,
    draft,
    uploads: {
      mainSlot,
      main: main.state,
      cover: cover.state,
      typeNeedsFile,
      sendMain,
      sendCover,
    } satisfies ProposalUploads,
    uploading,
    onSubmit,
    formError,
    sending,
  };
}
