import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EpubReport } from '@hls/contract';
import { renderWithProviders } from '@/testing/test-utils';
import { EpubReportView } from './epub-report';

const noMetadata = {
  accessModes: [],
  accessModesSufficient: [],
  features: [],
  hazards: [],
  summary: null,
  conformsTo: null,
};

const blocking: EpubReport = {
  status: 'done',
  checkedAt: '2026-11-27T10:00:00.000Z',
  blocking: true,
  epubcheck: {
    state: 'done',
    version: '4.2.6',
    reason: null,
    errors: 12,
    warnings: 1,
    findings: Array.from({ length: 11 }, (_, i) => ({
      level: i === 0 ? 'fatal' : 'error',
      code: `RSC-${String(i).padStart(3, '0')}`,
      message: `Problem ${i}`,
      location: `EPUB/chapter-${i}.xhtml:3`,
    })),
  },
  ace: {
    state: 'unavailable',
    version: null,
    reason: 'no browser for Ace',
    errors: 0,
    warnings: 0,
    findings: [],
  },
  metadata: { version: '3.0', title: 'T', language: 'fr', accessibility: noMetadata },
};

describe('an EPUB’s check in the proposal', () => {
  it('says it blocks publication, lists ten findings with where they are and counts the rest', () => {
    renderWithProviders(<EpubReportView report={blocking} locale="en-GB" />);
    const report = screen.getByRole('region', { name: 'EPUB check' });
    expect(within(report).getByRole('alert')).toHaveTextContent(
      'Blocking errors: this EPUB cannot be published until they are fixed',
    );
    expect(within(report).getByText('12 to fix, 1 to look at')).toBeInTheDocument();
    expect(within(report).getAllByText(/^Problem \d+$/)).toHaveLength(10);
    expect(within(report).getByText('Fatal error')).toBeInTheDocument();
    expect(within(report).getByText('EPUB/chapter-0.xhtml:3')).toBeInTheDocument();
    expect(within(report).getByText('and 3 more')).toBeInTheDocument();
    expect(within(report).getByText('Accessibility (Ace)')).toBeInTheDocument();
    expect(within(report).getByText('Check unavailable: no browser for Ace')).toBeInTheDocument();
    expect(within(report).getByText(/^No information about this ebook’s accessibility/)).toBeInTheDocument();
  });

  it('says a check is still running, in French', () => {
    renderWithProviders(
      <EpubReportView
        report={{
          status: 'pending',
          checkedAt: null,
          blocking: false,
          epubcheck: null,
          ace: null,
          metadata: null,
        }}
        locale="fr-FR"
      />,
      { lng: 'fr' },
    );
    const report = screen.getByRole('region', { name: 'Vérification de l’EPUB' });
    expect(report).toHaveTextContent(/^Vérification de l’EPUBVérification en cours par epubcheck et Ace/);
    expect(within(report).queryByRole('alert')).toBeNull();
  });
});
