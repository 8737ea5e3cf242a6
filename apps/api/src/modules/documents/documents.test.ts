import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../../test/helper.ts';
import { pdfText } from '../../lib/pdf/pdf-text.ts';
import { frenchTypographyFaults } from '@hls/contract/french-typography';
import { CONTRACT_TITLE_EN, CONTRACT_TITLE_FR, contractArticles } from './author-contract.ts';

describe('author contract', () => {
  const t = useApp({ env: { COMPANY_NAME: 'Test Publishing Ltd', ROYALTY_RATE_EBOOK: '30' } });

  it('gives the path of the contract for the type contrat', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/books/type/file/contrat' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ file: '/api/documents/contrat.pdf' });
  });

  it('answers 404 with the error body for an unknown document type or name', async () => {
    for (const url of ['/api/books/type/file/brochure', '/api/documents/other.pdf']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
  });

  it('downloads a real bilingual PDF as contrat.pdf, with the settings printed in it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/documents/contrat.pdf' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="contrat.pdf"');
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(2);
    expect(pdf.getPageCount()).toBeLessThanOrEqual(4);
    const text = pdfText(bytes);
    expect(text).toContain(`${CONTRACT_TITLE_FR} / ${CONTRACT_TITLE_EN}`);
    expect(text).toContain('Test Publishing Ltd');
    expect(text).toContain('Redevances / Royalties');
    expect(text).toContain('30 %');
    expect(text).toMatch(/tribunaux de Londres/);
    expect(text).toMatch(/courts of London/);

    const again = await t.app.inject({
      method: 'GET',
      url: '/api/documents/contrat.pdf',
      headers: { 'if-none-match': response.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('writes the French articles in French typography', () => {
    const french = contractArticles(t.config).flatMap((article) => [article.fr.title, ...article.fr.text]);
    expect([CONTRACT_TITLE_FR, ...french].flatMap(frenchTypographyFaults)).toEqual([]);
  });
});
