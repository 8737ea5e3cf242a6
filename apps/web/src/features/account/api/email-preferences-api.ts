import type { EmailPreferences, EmailPreferencesPatch } from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { api } from '@/lib/api-client';

/** The signed-in user's e-mail choices (GET and PATCH /api/account/email-preferences). */
export const emailPreferencesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEmailPreferences: build.query<EmailPreferences, void>({
      query: () => endpoints.emailPreferences.url(),
      extraOptions: { auth: true },
    }),
    updateEmailPreferences: build.mutation<EmailPreferences, EmailPreferencesPatch>({
      query: (body) => ({ url: endpoints.emailPreferencesUpdate.url(), method: 'PATCH', body }),
      extraOptions: { auth: true },
      // The answer is the saved choices: the query's cache takes them without another request.
      async onQueryStarted(_patch, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(emailPreferencesApi.util.upsertQueryData('getEmailPreferences', undefined, data));
      },
    }),
  }),
});

export const { useGetEmailPreferencesQuery, useUpdateEmailPreferencesMutation } = emailPreferencesApi;
