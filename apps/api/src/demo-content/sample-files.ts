import type { FileType, Language } from '@hls/contract';
import {
  renderAccessPackage,
  renderBundle,
  renderPowerBiPackage,
  renderPublisherPackage,
} from './sample-packages.ts';
import { renderProcedureDocx } from './sample-docx.ts';
import { renderSamplePdf } from './sample-pdf.ts';
import { renderPresentation } from './sample-pptx.ts';
import { renderWorkbook } from './sample-xlsx.ts';
import type { Topic } from './topics.ts';

export type SampleFileInput = { title: string; author: string; language: Language; topic: Topic };

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

const renderers: Record<FileType, (input: SampleFileInput) => Promise<Buffer>> = {
  pdf: renderSamplePdf,
  excel: renderWorkbook,
  word: renderProcedureDocx,
  powerpoint: renderPresentation,
  powerbi: renderPowerBiPackage,
  publisher: renderPublisherPackage,
  access: renderAccessPackage,
  package: renderBundle,
};

/** A real file of the given type that opens in its application (or, for .zip packages, holds what to build it). */
export async function renderSampleFile(fileType: FileType, input: SampleFileInput): Promise<SampleFile> {
  return { bytes: await renderers[fileType](input), ...sampleFileFormats[fileType] };
}
