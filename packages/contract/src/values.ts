/**
 * The contract's plain values: enumerations and limits, without zod, so a screen that only needs a list of
 * choices or a limit (`@hls/contract/values`) does not load the schema library.
 */

export const roles = ['customer', 'author', 'editor', 'admin'] as const;
export const languages = ['fr', 'en'] as const;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const sections = ['academic', 'professional', 'book'] as const;
export const fileTypes = [
  'excel',
  'word',
  'powerpoint',
  'powerbi',
  'publisher',
  'pdf',
  'package',
  'access',
] as const;
/** What a stored file (a product's asset, a download) may be: a file product's types, or a book's EPUB ebook. */
export const assetFileTypes = [...fileTypes, 'epub'] as const;
export const editionFormats = ['paper', 'ebook'] as const;
export const productKinds = ['book', 'file'] as const;
export const productStatuses = [
  'draft',
  'submitted',
  'in_review',
  'changes_requested',
  'rejected',
  'published',
  'archived',
] as const;
export const sortOrders = ['relevance', 'newest', 'price_asc', 'price_desc', 'title'] as const;

/** Highest `?page=` a list accepts. */
export const MAX_PAGE = 1000;
/**
 * A list counts its matches exactly up to this many; a count equal to it means "at least", and the pages past it
 * are not offered (filters, sorts and search narrow a large list).
 */
export const COUNT_CAP = 1000;
/** A search ranks at most this many full-text matches; a search count equal to it means "at least". */
export const SEARCH_CANDIDATES = 500;

/** Order statuses (DESIGN §3): `pending_payment → paid → (shipped → delivered)`, or the ends after the arrow. */
export const orderStatuses = [
  'pending_payment',
  'paid',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
  'partially_refunded',
  'withdrawn',
] as const;
/** What an order line sells: a book's paper or ebook edition, or a file. */
export const lineFormats = ['paper', 'ebook', 'file'] as const;
/** Copies of one paper book an order line may hold. */
export const MAX_PAPER_QUANTITY = 10;
/** Lines an order may hold. */
export const MAX_ORDER_LINES = 50;
/** Days a paper order may be withdrawn from, counted from its delivery (SPEC §5, Art. 9 of 2011/83/EU). */
export const WITHDRAWAL_DAYS = 14;
export const paymentProviders = ['stripe', 'demo'] as const;

/* ---------------------------------------------------------------- authors and editorial review */

/** A proposal's statuses: the products' (DESIGN §3); `archived` is a withdrawn proposal or an unpublished product. */
export const submissionStatuses = productStatuses;
/** Licences an academic document may carry. */
export const licences = ['all_rights_reserved', 'cc_by', 'cc_by_nc', 'cc_by_nc_nd'] as const;
/** How an academic author holds the right to publish: their own work, or with the co-authors' and school's consent. */
export const publishingRights = ['own_work', 'with_consent'] as const;
/** Why a published document is reported. */
export const reportReasons = ['copyright', 'confidentiality', 'plagiarism', 'other'] as const;
export const reportStatuses = ['open', 'upheld', 'dismissed'] as const;
/** An editor's decision on a submission. */
export const reviewDecisions = ['publish', 'request_changes', 'reject'] as const;
/** Every line of a submission's history. */
export const submissionEventKinds = [
  'created',
  'submitted',
  'claimed',
  'released',
  'published',
  'changes_requested',
  'rejected',
  'resubmitted',
  'withdrawn',
  'unpublish_requested',
  'unpublished',
  'report_upheld',
] as const;
/** The uploads a proposal holds: a cover (any kind), a book's manuscript (its ebook file), a file product's file. */
export const uploadSlots = ['cover', 'manuscript', 'file'] as const;
/** A submission's title, description and comment lengths. */
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 5000;
export const COMMENT_MAX = 2000;
/** Pages of a paid PDF cut as its public sample at publication. */
export const SAMPLE_PAGES = 5;
export const userStatuses = ['active', 'suspended'] as const;

/* ---------------------------------------------------------------- royalties and payouts */

/** The formats royalties are computed by (DESIGN §3): a book's paper or ebook edition, a professional file. */
export const royaltyFormats = ['paper', 'ebook', 'professional_file'] as const;
/** A ledger entry: a sale's royalty, or the reversal of one (refund, withdrawal). */
export const royaltyEntryKinds = ['accrual', 'reversal'] as const;
/** Pending during the hold, available once it ends, paid by a payout. */
export const royaltyStates = ['pending', 'available', 'paid'] as const;
/** Lengths of the bank details' text fields. */
export const BANK_HOLDER_MAX = 70;
export const BANK_NAME_MAX = 100;

/* ---------------------------------------------------------------- customer reviews */

/** A review waits for an editor (`pending`), then is public (`approved`) or not (`rejected`, with a reason). */
export const productReviewStatuses = ['pending', 'approved', 'rejected'] as const;
/** Stars of a rating: 1 to RATING_MAX. */
export const RATING_MAX = 5;
/** A review's text and an editor's reason for refusing one. */
export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_REASON_MAX = 500;
/** Approved reviews per page of a product's reviews. */
export const REVIEWS_PAGE_SIZE = 5;

/* ---------------------------------------------------------------- what a product page states */

/** Software a file opens in; a file's facts list each with the oldest version known to work. */
export const softwareApps = [
  'excel',
  'excel_mac',
  'libreoffice_calc',
  'google_sheets',
  'word',
  'libreoffice_writer',
  'powerpoint',
  'keynote',
  'libreoffice_impress',
  'powerbi_desktop',
  'access',
  'publisher',
  'pdf_reader',
] as const;
/** What a ZIP archive holds, as its page names it ("ZIP archive: CSV data + PDF guide"). */
export const archiveParts = [
  'csv_data',
  'pdf_guide',
  'pdf_document',
  'spreadsheet',
  'document',
  'presentation',
  'scripts',
  'text',
  'images',
  'readme',
] as const;
/** What the buyer of a professional file may do with it: use it alone, or in their business for clients too. */
export const usageLicences = ['personal', 'commercial'] as const;
/** The file a book's ebook edition is delivered as. */
export const ebookFileFormats = ['pdf', 'epub'] as const;
export const PUBLISHER_MAX = 120;
/** Software a file's facts may list, and the length of a version ("2016", "7.3", "365"). */
export const SOFTWARE_MAX = 6;
export const SOFTWARE_VERSION_MAX = 20;
/** Sheets of a workbook or slides of a presentation a proposal may state. */
export const CONTENT_COUNT_MAX = 10_000;
