import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Tabs } from '@/components/ui/tabs';
import { intlLocale } from '@/lib/money';
import { PayoutProposalsPanel } from './payout-proposals-panel';
import { PayoutRunsPanel } from './payout-runs-panel';
import { PayoutsDuePanel } from './payouts-due-panel';
import { RoyaltyRatesPanel } from './royalty-rates-panel';
import { WithholdingRatesPanel } from './withholding-rates-panel';

const tabs = ['due', 'proposals', 'runs', 'rates', 'withholding'] as const;
type PayoutsTab = (typeof tabs)[number];

/** The tab, the runs' page and the run opened, as the URL holds them (a run can be linked to). */
function viewFromSearch(params: URLSearchParams) {
  const tab = params.get('tab');
  const page = Number(params.get('page'));
  const run = params.get('run');
  return {
    tab: (tabs as readonly string[]).includes(tab ?? '') ? (tab as PayoutsTab) : 'due',
    page: Number.isInteger(page) && page > 1 ? page : 1,
    run: run && /^[0-9a-f-]{36}$/i.test(run) ? run : null,
  };
}

function searchFor(tab: PayoutsTab, { page, run }: { page?: number; run?: string } = {}): string {
  const params = new URLSearchParams();
  if (tab !== 'due') params.set('tab', tab);
  if (page && page > 1) params.set('page', String(page));
  if (run) params.set('run', run);
  const search = params.toString();
  return search ? `?${search}` : '?';
}

/**
 * /back-office/payouts (admins): the authors due a payout and the run that pays them, the month's proposed run to
 * approve or dismiss, the runs made with their transfer files, the royalty rates per format, and the withholding
 * tax per country of residence.
 */
export function PayoutsView() {
  const { t, i18n } = useTranslation('royalties');
  const locale = intlLocale(i18n.language);
  const [searchParams, setSearchParams] = useSearchParams();
  const { tab, page, run } = viewFromSearch(searchParams);
  return (
    <div className="container bo-page roy-admin">
      <Tabs<PayoutsTab>
        label={t('admin.tabs.label')}
        selected={tab}
        onSelect={(next) => setSearchParams(searchFor(next))}
        items={[
          { key: 'due', label: t('admin.tabs.due'), panel: <PayoutsDuePanel locale={locale} /> },
          {
            key: 'proposals',
            label: t('admin.tabs.proposals'),
            panel: (
              <PayoutProposalsPanel locale={locale} runHref={(runId) => searchFor('runs', { run: runId })} />
            ),
          },
          {
            key: 'runs',
            label: t('admin.tabs.runs'),
            panel: (
              <PayoutRunsPanel
                page={page}
                runId={run}
                locale={locale}
                hrefFor={(args) => searchFor('runs', args)}
              />
            ),
          },
          { key: 'rates', label: t('admin.tabs.rates'), panel: <RoyaltyRatesPanel locale={locale} /> },
          {
            key: 'withholding',
            label: t('admin.tabs.withholding'),
            panel: <WithholdingRatesPanel locale={locale} />,
          },
        ]}
      />
    </div>
  );
}
