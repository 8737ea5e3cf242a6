import type {
  AuthorProfileRequest,
  EditPasswordRequest,
  UpdateUserRequest,
  UpdateUserResponse,
  User,
} from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { api } from '@/lib/api-client';

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUser: build.query<User, void>({
      query: () => endpoints.user.url(),
      extraOptions: { auth: true },
      providesTags: ['User'],
    }),
    updateUser: build.mutation<UpdateUserResponse, UpdateUserRequest>({
      query: (body) => ({ url: endpoints.updateUser.url(), method: 'PUT', body }),
      extraOptions: { auth: true },
      invalidatesTags: (result) => (result ? ['User'] : []),
    }),
    /** An author's public name and biography (PUT /api/user/author-profile). */
    updateAuthorProfile: build.mutation<User, AuthorProfileRequest>({
      query: (body) => ({ url: endpoints.authorProfile.url(), method: 'PUT', body }),
      extraOptions: { auth: true },
      invalidatesTags: (result) => (result ? ['User'] : []),
    }),
    editPassword: build.mutation<unknown, EditPasswordRequest>({
      query: (body) => ({ url: endpoints.editPassword.url(), method: 'PUT', body }),
      extraOptions: { auth: true },
    }),
    /** Mails the confirmation link again to the unconfirmed address (429 within a minute of the last one). */
    resendEmailConfirmation: build.mutation<{ message: string }, void>({
      query: () => ({ url: endpoints.emailResend.url(), method: 'POST' }),
      extraOptions: { auth: true },
    }),
    /** Withdraws the e-mail change waiting for its link. */
    cancelEmailChange: build.mutation<User, void>({
      query: () => ({ url: endpoints.emailChangeCancel.url(), method: 'DELETE' }),
      extraOptions: { auth: true },
      invalidatesTags: (result) => (result ? ['User'] : []),
    }),
  }),
});

export const {
  useGetUserQuery,
  useUpdateUserMutation,
  useUpdateAuthorProfileMutation,
  useEditPasswordMutation,
  useResendEmailConfirmationMutation,
  useCancelEmailChangeMutation,
} = accountApi;
