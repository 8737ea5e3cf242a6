import type {
  EmailCheckRequest,
  EmailConfirmResponse,
  EmailReportResponse,
  EmailTokenRequest,
  LoginRequest,
  PasswordConfirmRequest,
  PasswordResetRequest,
  RegisterRequest,
  TokenPair,
  User,
} from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { api } from '@/lib/api-client';

export type RegisterArgs = { body: RegisterRequest; asAuthor: boolean };

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<TokenPair, LoginRequest>({
      query: (body) => ({ url: endpoints.login.url(), method: 'POST', body }),
    }),
    register: build.mutation<User, RegisterArgs>({
      query: ({ body, asAuthor }) => ({
        url: asAuthor ? endpoints.registerAuthor.url() : endpoints.registerCustomer.url(),
        method: 'POST',
        body,
      }),
    }),
    /** Whether an account uses an address: 200 when one does, 404 (`email_not_found`) when none does. */
    checkEmail: build.mutation<{ exists: true }, EmailCheckRequest>({
      query: (body) => ({ url: endpoints.emailCheck.url(), method: 'POST', body }),
    }),
    logout: build.mutation<void, { refresh: string }>({
      query: (body) => ({ url: endpoints.logout.url(), method: 'POST', body }),
    }),
    requestPasswordReset: build.mutation<{ message: string }, PasswordResetRequest>({
      query: (body) => ({ url: endpoints.passwordReset.url(), method: 'POST', body }),
    }),
    confirmPasswordReset: build.mutation<unknown, PasswordConfirmRequest>({
      query: (body) => ({ url: endpoints.passwordConfirm.url(), method: 'POST', body }),
    }),
    /** Follows a mailed confirmation link: the address is confirmed, or an e-mail change takes effect. */
    confirmEmail: build.mutation<EmailConfirmResponse, EmailTokenRequest>({
      query: (body) => ({ url: endpoints.emailConfirm.url(), method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['User'] : []),
    }),
    /** Follows the old address's report link: the change is cancelled or undone, every session ends. */
    reportEmailChange: build.mutation<EmailReportResponse, EmailTokenRequest>({
      query: (body) => ({ url: endpoints.emailReport.url(), method: 'POST', body }),
    }),
  }),
});

export const {
  useCheckEmailMutation,
  useRegisterMutation,
  useLogoutMutation,
  useRequestPasswordResetMutation,
  useConfirmPasswordResetMutation,
  useConfirmEmailMutation,
  useReportEmailChangeMutation,
} = authApi;
