import type {
  PayoutDueList,
  PayoutRun,
  PayoutRunBody,
  PayoutRunList,
  RoyaltyRateBody,
  RoyaltyRateBoard,
  RoyaltyRateChange,
} from '@hls/contract';
import { api } from '@/lib/api-client';

const runUrl = (id: string, action = '') => `/admin/payouts/runs/${encodeURIComponent(id)}${action}`;

/** The SEPA credit transfer file of a run, to upload to the bank. */
export const transferFilePath = (runId: string) => runUrl(runId, '/pain.001');

/**
 * Admins: the authors due a payout, the payout runs with their transfer files, and the royalty rates per format
 * (the server refuses everyone else with a 403).
 */
export const payoutsApi = api
  .enhanceEndpoints({ addTagTypes: ['PayoutDue', 'PayoutRun', 'RoyaltyRate'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getPayoutsDue: build.query<PayoutDueList, void>({
        query: () => '/admin/payouts/due',
        extraOptions: { auth: true },
        providesTags: ['PayoutDue'],
      }),
      runPayouts: build.mutation<PayoutRun, PayoutRunBody>({
        query: (body) => ({ url: '/admin/payouts/runs', method: 'POST', body }),
        extraOptions: { auth: true },
        // Paid balances leave the due list; the run joins the list of runs.
        invalidatesTags: (_result, error) => (error ? [] : ['PayoutDue', { type: 'PayoutRun', id: 'LIST' }]),
      }),
      getPayoutRuns: build.query<PayoutRunList, number>({
        query: (page) => ({ url: '/admin/payouts/runs', params: page > 1 ? { page } : {} }),
        extraOptions: { auth: true },
        providesTags: [{ type: 'PayoutRun', id: 'LIST' }],
      }),
      getPayoutRun: build.query<PayoutRun, string>({
        query: (id) => runUrl(id),
        extraOptions: { auth: true },
        providesTags: (_result, _error, id) => [{ type: 'PayoutRun', id }],
      }),
      getRoyaltyRates: build.query<RoyaltyRateBoard, void>({
        query: () => '/admin/royalty-rates',
        extraOptions: { auth: true },
        providesTags: ['RoyaltyRate'],
      }),
      scheduleRoyaltyRate: build.mutation<RoyaltyRateChange, RoyaltyRateBody>({
        query: (body) => ({ url: '/admin/royalty-rates', method: 'POST', body }),
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
