/** The author's statement as files: the detailed report as CSV, a month as a PDF statement. */
export {};
