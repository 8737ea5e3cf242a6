import type { EditPasswordRequest, UpdateUserRequest, UpdateUserResponse, User } from '@hls/contract';
import { api } from '@/lib/api-client';

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUser: build.query<User, void>({
      query: () => '/user',
      extraOptions: { auth: true },
      providesTags: ['User'],
    }),
    updateUser: build.mutation<UpdateUserResponse, UpdateUserRequest>({
      query: (body) => ({ url: '/update/user', method: 'PUT', body }),
      extraOptions: { auth: true },
      invalidatesTags: (result) => (result ? ['User'] : []),
    }),
    editPassword: build.mutation<unknown, EditPasswordRequest>({
      query: (body) => ({ url: '/editPassword', method: 'PUT', body }),
      extraOptions: { auth: true },
    }),
  }),
});

export const { useGetUserQuery, useUpdateUserMutation, useEditPasswordMutation } = accountApi;
