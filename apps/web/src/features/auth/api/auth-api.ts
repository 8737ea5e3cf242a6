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
import { api } from '@/lib/api-client';

export type RegisterArgs = { body: RegisterRequest; asAuthor: boolean };

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<TokenPair, LoginRequest>({
      query: (body) => ({ url: '/login', method: 'POST', body }),
    }),
    register: build.mutation<User, RegisterArgs>({
      query: ({ body, asAuthor }) => ({
        url: asAuthor ? '/register/author' : '/register/customer',
        method: 'POST',
        body,
      }),
    }),
    /** Whether an account uses an address: 200 when one does, 404 (`email_not_found`) when none does. */
    checkEmail: build.mutation<{ exists: true }, EmailCheckRequest>({
      query: (body) => ({ url: '/email/check', method: 'POST', body }),
    }),
    logout: build.mutation<void, { refresh: string }>({
      query: (body) => ({ url: '/logout', method: 'POST', body }),
    }),
    requestPasswordReset: build.mutation<{ message: string }, PasswordResetRequest>({
      query: (body) => ({ url: '/password/reset', method: 'POST', body }),
    }),
    confirmPasswordReset: build.mutation<unknown, PasswordConfirmRequest>({
      query: (body) => ({ url: '/password/confirm', method: 'POST', body }),
    }),
    /** Follows a mailed confirmation link: the address is confirmed, or an e-mail change takes effect. */
    confirmEmail: build.mutation<EmailConfirmResponse, EmailTokenRequest>({
      query: (body) => ({ url: '/email/confirm', method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['User'] : []),
    }),
    /** Follows the old address's report link: the change is cancelled or undone, every session ends. */
    reportEmailChange: build.mutation<EmailReportResponse, EmailTokenRequest>({
      query: (body) => ({ url: '/email/report', method: 'POST', body }),
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
