import { DecisionBody } from '@hls/contract';
import type { Language, ReviewDecision, ReviewSubmission } from '@hls/contract';
import { fieldErrorsFromZod } from '@/lib/form-errors';
import type { FieldErrors } from '@/lib/form-errors';
import { parsePriceInput, priceInputText } from '@/lib/money';

/** What the decision form holds: prices as typed (euros), the rest as the inputs give them. */
export type DecisionForm = {
  decision: ReviewDecision | '';
  comment: string;
  paperPrice: string;
  ebookPrice: string;
  price: string;
  discount: string;
  categoryId: string;
  subcategoryId: string;
  stock: string;
  confidentialityChecked: boolean;
  /** A product on sale: what changed in its file, for its buyers (optional). */
  versionNote: string;
};

/** "12", "12.5", "12,50", "19.90" or "1 234,50" euros → cents, in either language; null when it is not an amount. */
export function eurosToCents(text: string): number | null {
  const cents = parsePriceInput(text);
  return cents === null || Number.isNaN(cents) ? null : cents;
}

/**
 * The last version's values: what is published unless the editor changes them, prices written as the page's
 * language writes them ("19,90" in French); a book already on sale starts from its paper copies in stock.
 */
export function decisionDefaults(submission: ReviewSubmission, language: Language): DecisionForm {
  const centsToEuros = (cents: number | null) => priceInputText(cents, language);
  const values = submission.history[0]?.values ?? submission.working;
  return {
    decision: '',
    comment: '',
    paperPrice: centsToEuros(values.paperPriceCents),
    ebookPrice: centsToEuros(values.ebookPriceCents),
    price: centsToEuros(values.priceCents),
    discount: '0',
    categoryId: values.categoryId === null ? '' : String(values.categoryId),
    subcategoryId: values.subcategoryId === null ? '' : String(values.subcategoryId),
    stock: submission.paperStock === null ? '' : String(submission.paperStock),
    confidentialityChecked: false,
    versionNote: '',
  };
}

/** Which publication fields apply to this submission (an academic file is free: no price). */
export function publishFields(submission: ReviewSubmission) {
  const values = submission.history[0]?.values ?? submission.working;
  const book = submission.kind === 'book';
  return {
    paperPrice: book && values.paperPriceCents !== null,
    ebookPrice: book && values.ebookPriceCents !== null,
    price: !book && submission.section === 'professional',
    discount: submission.section !== 'academic',
    stock: book && values.paperPriceCents !== null,
    confidentiality: values.confidential,
    // A new version of a product on sale: its buyers are told of a changed file, with this note.
    versionNote: submission.productId !== null,
  };
}

export type DecisionResult = { ok: true; body: DecisionBody } | { ok: false; errors: FieldErrors };

/**
 * The request body of a decision, checked with the contract's schema: a decision and a comment always; when
 * publishing, the final prices (euros typed → cents), discount, category, subcategory and stock that apply, and
 * the confidentiality check for a confidential report; a paper edition's stock is required. Errors are `validation` / `editorial:fields` keys.
 */
export function decisionBody(form: DecisionForm, submission: ReviewSubmission): DecisionResult {
  const errors: FieldErrors = {};
  if (!form.decision) errors.decision = 'decision.required';
  const body: Record<string, unknown> = { decision: form.decision, comment: form.comment };
  if (form.decision === 'publish') {
    const applies = publishFields(submission);
    const money = (name: 'paperPrice' | 'ebookPrice' | 'price', key: string) => {
      if (!applies[name] || !form[name].trim()) return;
      const cents = eurosToCents(form[name]);
      if (cents === null || cents < 1) errors[key] = 'price.invalid';
      else body[key] = cents;
    };
    money('paperPrice', 'paperPriceCents');
    money('ebookPrice', 'ebookPriceCents');
    money('price', 'priceCents');
    if (applies.discount && form.discount.trim()) body.discountPercent = form.discount.trim();
    if (form.categoryId) body.categoryId = form.categoryId;
    if (form.subcategoryId) body.subcategoryId = form.subcategoryId;
    // A paper edition is published with its copies in stock (0 said as 0), never left out of stock by omission.
    if (applies.stock) {
      if (form.stock.trim()) body.stock = form.stock.trim();
      else errors.stock = 'stock.required';
    }
    if (applies.versionNote && form.versionNote.trim()) body.versionNote = form.versionNote.trim();
    if (applies.confidentiality) {
      if (!form.confidentialityChecked) errors.confidentialityChecked = 'confidentiality.required';
      else body.confidentialityChecked = true;
    }
  }
  const parsed = DecisionBody.safeParse(body);
  if (!parsed.success) {
    for (const [field, message] of Object.entries(fieldErrorsFromZod(parsed.error)))
      if (field !== 'decision' || !errors.decision) errors[field] ??= message;
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}
