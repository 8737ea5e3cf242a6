import type {
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
  .enhanceEndpoints({ addTagTypes: ['PayoutDue', 'PayoutRun', 'RoyaltyRate'] })
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
    }),
  });

export const {
  useGetPayoutsDueQuery,
  useRunPayoutsMutation,
  useGetPayoutRunsQuery,
  useGetPayoutRunQuery,
  useGetRoyaltyRatesQuery,
  useScheduleRoyaltyRateMutation,
} = payoutsApi;
