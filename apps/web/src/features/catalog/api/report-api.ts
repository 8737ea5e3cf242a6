import type { ReportBody } from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { api } from '@/lib/api-client';

/** "Report this document" (POST /api/reports): anyone; a logged-in reader's session goes with it. */
export const reportApi = api.injectEndpoints({
  endpoints: (build) => ({
    reportDocument: build.mutation<{ id: number }, ReportBody>({
      query: (body) => ({ url: endpoints.report.url(), method: 'POST', body }),
      extraOptions: { auth: true },
    }),
  }),
});

export const { useReportDocumentMutation } = reportApi;
