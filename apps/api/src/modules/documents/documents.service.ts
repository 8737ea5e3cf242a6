import { createHash } from 'node:crypto';
import type { Storage } from '../storage/index.ts';
import { CONTRACT_VERSION, renderAuthorContract, type ContractSettings } from './author-contract.ts';

export type StoredDocument = { bytes: Buffer; sha256: string };

/** Where the author contract is downloaded (GET /api/documents/contrat.pdf). */
export const CONTRACT_PATH = '/api/documents/contrat.pdf';

export type DocumentsService = {
  /** The author contract PDF: made once per wording and settings, then read from storage. */
  contract(): Promise<StoredDocument>;
  /** The contract's public path, for the site facts and the footer. */
  contractUrl: string;
};

export function createDocumentsService(options: {
  storage: Storage;
  settings: ContractSettings;
}): DocumentsService {
  const { storage, settings } = options;
  // The key changes with the settings the PDF prints, so a new company name or rate gives a new file.
  const fingerprint = createHash('sha256')
    .update(JSON.stringify({ version: CONTRACT_VERSION, site: settings.site, rates: settings.royaltyRates }))
    .digest('hex')
    .slice(0, 16);
  const key = `documents/contrat-${fingerprint}.pdf`;
  let pending: Promise<StoredDocument> | undefined;

  async function load(): Promise<StoredDocument> {
    const stored = await storage.getObject(key);
    if (stored) return { bytes: stored.bytes, sha256: stored.object.sha256 };
    const bytes = await renderAuthorContract(settings);
    const object = await storage.putObject(key, bytes, 'application/pdf');
    return { bytes, sha256: object.sha256 };
  }

  return {
    contractUrl: CONTRACT_PATH,
    contract() {
      pending ??= load().catch((error: unknown) => {
        pending = undefined;
        throw error;
      });
      return pending;
    },
  };
}
