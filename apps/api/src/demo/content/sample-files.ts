import type { ArchivePart, FileType, Language, SoftwareRequirement } from '@hls/contract';
import { renderProcedureDocx } from './sample-docx.ts';
import {
  renderBrochureKit,
  renderDashboardKit,
  renderDatabaseKit,
  renderDocumentKit,
} from './sample-kits.ts';
import { renderSamplePdf, type SampleOutline } from './sample-pdf.ts';
import { renderPresentation } from './sample-pptx.ts';
import type { FileSpec } from './sample-specs.ts';
import { renderSpecWorkbook } from './sample-workbook.ts';
import type { Topic } from './topics.ts';

export type SampleFileInput = {
  title: string;
  author: string;
  language: Language;
  topic: Topic;
  /** The product's own summary and sections; without it, the topic's generic texts. */
  outline?: SampleOutline;
  description?: string;
  /** A workbook's or a kit's content (files.json): required for those types. */
  spec?: FileSpec;
};

export type SampleFile = { bytes: Buffer; extension: string; mime: string };

const ZIP = 'application/zip';

export const sampleFileFormats: Record<FileType, { extension: string; mime: string }> = {
  pdf: { extension: 'pdf', mime: 'application/pdf' },
  excel: { extension: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  word: {
    extension: 'docx',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  powerpoint: {
    extension: 'pptx',
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  },
  powerbi: { extension: 'zip', mime: ZIP },
  publisher: { extension: 'zip', mime: ZIP },
  access: { extension: 'zip', mime: ZIP },
  package: { extension: 'zip', mime: ZIP },
};

/** Documents: from the product's outline, or the topic's texts (a procedure, a quarterly review deck). */
const documentRenderers: Partial<Record<FileType, (input: SampleFileInput) => Promise<Buffer>>> = {
  pdf: renderSamplePdf,
  word: renderProcedureDocx,
  powerpoint: renderPresentation,
};

/** The product's own file, from its spec. */
function renderSpecFile(spec: FileSpec, input: SampleFileInput): Promise<Buffer> {
  if ('workbook' in spec) return renderSpecWorkbook({ ...input, workbook: spec.workbook });
  if ('dashboard' in spec) return renderDashboardKit(input, spec.dashboard);
  if ('brochure' in spec) return renderBrochureKit(input, spec.brochure);
  if ('database' in spec) return renderDatabaseKit(input, spec.database);
  return renderDocumentKit(input, spec.kit);
}

/** The file type a spec is written for. */
export const specFileType = (spec: FileSpec): FileType =>
  'workbook' in spec
    ? 'excel'
    : 'dashboard' in spec
      ? 'powerbi'
      : 'brochure' in spec
        ? 'publisher'
        : 'database' in spec
          ? 'access'
          : 'package';

/**
 * A real file of the given type that opens in its application (or, for .zip kits, holds what to build it):
 * workbooks and kits from their spec (files.json), documents from their outline.
 */
export async function renderSampleFile(fileType: FileType, input: SampleFileInput): Promise<SampleFile> {
  const render = documentRenderers[fileType];
  if (!render && !input.spec) throw new Error(`a ${fileType} file is built from its spec (files.json)`);
  if (input.spec && specFileType(input.spec) !== fileType)
    throw new Error(`a ${specFileType(input.spec)} spec for a ${fileType} file`);
  const bytes = input.spec ? await renderSpecFile(input.spec, input) : await render!(input);
  return { bytes, ...sampleFileFormats[fileType] };
}

/** What the files generated here hold and open in, as their product pages state it (checked by demo-content.test). */
export type SampleFileFacts = {
  sheets?: number;
  slides?: number;
  archiveParts?: ArchivePart[];
  software: SoftwareRequirement[];
};

const office = (app: SoftwareRequirement['app'], version: string | null = '2016') => ({ app, version });

export const sampleFileFacts: Record<FileType, SampleFileFacts> = {
  pdf: { software: [office('pdf_reader', null)] },
  // Formulas, data validation and a frozen header: Excel 2016 (Mac 16) and LibreOffice 7 keep them.
  excel: {
    sheets: 3,
    software: [office('excel'), office('excel_mac', '16'), office('libreoffice_calc', '7.0')],
  },
  word: { software: [office('word'), office('libreoffice_writer', '7.0')] },
  powerpoint: {
    slides: 5,
    software: [office('powerpoint'), office('keynote', '12'), office('libreoffice_impress', '7.0')],
  },
  powerbi: {
    archiveParts: ['csv_data', 'scripts', 'pdf_guide', 'readme'],
    software: [office('powerbi_desktop', null)],
  },
  publisher: { archiveParts: ['text', 'images', 'pdf_guide', 'readme'], software: [office('publisher')] },
  access: { archiveParts: ['csv_data', 'scripts', 'pdf_guide', 'readme'], software: [office('access')] },
  package: {
    archiveParts: ['pdf_document', 'spreadsheet', 'document', 'presentation', 'readme'],
    software: [office('pdf_reader', null), office('excel'), office('word'), office('powerpoint')],
  },
};
