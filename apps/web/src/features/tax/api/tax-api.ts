import type { OssReport, VatRate, VatRateBody } from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { api } from '@/lib/api-client';

/** The CSV of a quarter's OSS report (fetched with the session's token). */
export const ossCsvPath = (quarter: string) =>
  `${endpoints.adminOssReport.url()}?${new URLSearchParams({ quarter, format: 'csv' }).toString()}`;

/** Admins: the quarter's OSS report, and the VAT rates per country (the server refuses everyone else with a 403). */
export const taxApi = api.enhanceEndpoints({ addTagTypes: ['OssReport', 'VatRate'] }).injectEndpoints({
  endpoints: (build) => ({
    getOssReport: build.query<OssReport, string>({
      query: (quarter) => ({ url: endpoints.adminOssReport.url(), params: { quarter } }),
      extraOptions: { auth: true },
      providesTags: (_result, _error, quarter) => [{ type: 'OssReport', id: quarter }],
    }),
    getVatRates: build.query<VatRate[], string | undefined>({
      query: (country) => ({ url: endpoints.adminVatRates.url(), params: country ? { country } : {} }),
      extraOptions: { auth: true },
      providesTags: ['VatRate'],
    }),
    addVatRate: build.mutation<VatRate, VatRateBody>({
      query: (body) => ({ url: endpoints.adminVatRateCreate.url(), method: 'POST', body }),
      extraOptions: { auth: true },
      invalidatesTags: (_result, error) => (error ? [] : ['VatRate']),
    }),
  }),
});

export const { useGetOssReportQuery, useGetVatRatesQuery, useAddVatRateMutation } = taxApi;
