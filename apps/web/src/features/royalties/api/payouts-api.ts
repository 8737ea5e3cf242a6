import type {
  PayoutProposal,
  PayoutProposalList,
  WithholdingBoard,
  WithholdingRateBody,
  WithholdingRateChange,
  PayoutDueList,
  PayoutRun,
  PayoutRunBody,
  PayoutRunList,
  RoyaltyRateBody,
  RoyaltyRateBoard,
  RoyaltyRateChange,
} from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { api } from '@/lib/api-client';

/** The SEPA credit transfer file of a run, to upload to the bank. */
export const transferFilePath = (runId: string) => endpoints.payoutRunTransferFile.url({ id: runId });
/** The run's international transfer file and its payouts' CSV. */
export const internationalFilePath = (runId: string) =>
  endpoints.payoutRunInternationalFile.url({ id: runId });
export const payoutsCsvPath = (runId: string) => endpoints.payoutRunCsv.url({ id: runId });

/**
 * Admins: the authors due a payout, the payout runs with their transfer files, and the royalty rates per format
 * (the server refuses everyone else with a 403).
 */
export const payoutsApi = api
  .enhanceEndpoints({
    addTagTypes: ['PayoutDue', 'PayoutRun', 'RoyaltyRate', 'PayoutProposal', 'WithholdingRate'],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getPayoutsDue: build.query<PayoutDueList, void>({
        query: () => endpoints.payoutsDue.url(),
        extraOptions: { auth: true },
        providesTags: ['PayoutDue'],
      }),
      runPayouts: build.mutation<PayoutRun, PayoutRunBody>({
        query: (body) => ({ url: endpoints.payoutRunCreate.url(), method: 'POST', body }),
        extraOptions: { auth: true },
        // Paid balances leave the due list; the run joins the list of runs.
        invalidatesTags: (_result, error) => (error ? [] : ['PayoutDue', { type: 'PayoutRun', id: 'LIST' }]),
      }),
      getPayoutRuns: build.query<PayoutRunList, number>({
        query: (page) => ({ url: endpoints.payoutRuns.url(), params: page > 1 ? { page } : {} }),
        extraOptions: { auth: true },
        providesTags: [{ type: 'PayoutRun', id: 'LIST' }],
      }),
      getPayoutRun: build.query<PayoutRun, string>({
        query: (id) => endpoints.payoutRun.url({ id }),
        extraOptions: { auth: true },
        providesTags: (_result, _error, id) => [{ type: 'PayoutRun', id }],
      }),
      getRoyaltyRates: build.query<RoyaltyRateBoard, void>({
        query: () => endpoints.royaltyRates.url(),
        extraOptions: { auth: true },
        providesTags: ['RoyaltyRate'],
      }),
      scheduleRoyaltyRate: build.mutation<RoyaltyRateChange, RoyaltyRateBody>({
        query: (body) => ({ url: endpoints.royaltyRateSchedule.url(), method: 'POST', body }),
        extraOptions: { auth: true },
        invalidatesTags: (_result, error) => (error ? [] : ['RoyaltyRate']),
      }),
      getPayoutProposals: build.query<PayoutProposalList, void>({
        query: () => endpoints.payoutProposals.url(),
        extraOptions: { auth: true },
        providesTags: ['PayoutProposal'],
      }),
      /** The proposal's run is made: its authors leave the due list, the run joins the runs. */
      approvePayoutProposal: build.mutation<PayoutRun, string>({
        query: (id) => ({ url: endpoints.payoutProposalApprove.url({ id }), method: 'POST', body: {} }),
        extraOptions: { auth: true },
        invalidatesTags: (_result, error) =>
          error ? ['PayoutProposal'] : ['PayoutProposal', 'PayoutDue', { type: 'PayoutRun', id: 'LIST' }],
      }),
      dismissPayoutProposal: build.mutation<PayoutProposal, string>({
        query: (id) => ({ url: endpoints.payoutProposalDismiss.url({ id }), method: 'POST' }),
        extraOptions: { auth: true },
        invalidatesTags: ['PayoutProposal'],
      }),
      getWithholdingRates: build.query<WithholdingBoard, void>({
        query: () => endpoints.withholdingRates.url(),
        extraOptions: { auth: true },
        providesTags: ['WithholdingRate'],
      }),
      addWithholdingRate: build.mutation<WithholdingRateChange, WithholdingRateBody>({
        query: (body) => ({ url: endpoints.withholdingRateAdd.url(), method: 'POST', body }),
        extraOptions: { auth: true },
        // The due list shows each author's rate of today.
        invalidatesTags: (_result, error) => (error ? [] : ['WithholdingRate', 'PayoutDue']),
      }),
    }),
  });

export const {
  useGetPayoutsDueQuery,
  useRunPayoutsMutation,
  useGetPayoutRunsQuery,
  useGetPayoutRunQuery,
  useGetRoyaltyRatesQuery,
  useScheduleRoyaltyRateMutation,
  useGetPayoutProposalsQuery,
  useApprovePayoutProposalMutation,
  useDismissPayoutProposalMutation,
  useGetWithholdingRatesQuery,
  useAddWithholdingRateMutation,
} = payoutsApi;
