import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { lazySchema } from '@/lib/api-client';
import { identityCall } from '@/lib/identity-api';
import type * as Schemas from './account-schemas';

export type ContactChannel = z.infer<typeof Schemas.channelSchema>;

// Loaded with the first call (see account-schemas.ts).
const schemas = () => import('./account-schemas');
const channelSchema = lazySchema(() => schemas().then((module) => module.channelSchema));
const listSchema = lazySchema(() => schemas().then((module) => module.channelListSchema));
const anything = lazySchema(() => schemas().then((module) => module.anything));

const channelsKey = ['account', 'contact-channels'] as const;

/** `GET /api/v1/contact-channels?user_id=me`: the signed-in user's email addresses. */
export function useContactChannels() {
  return useQuery({
    queryKey: channelsKey,
    queryFn: async () =>
      (await identityCall('GET', '/contact-channels?user_id=me', undefined, listSchema)).items,
  });
}

/** Where the verification mail's link leads: the email-verification handler page. */
function verificationCallback(): string {
  return new URL('/handler/email-verification', window.location.origin).href;
}

function useChannelMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: channelsKey });
      // The primary address is the account's email, shown elsewhere on the page.
      await queryClient.invalidateQueries({ queryKey: ['auth'] });
    },
  });
}

/** Adds an address (not for signing in) and mails it a verification link. */
export const useAddEmail = () =>
  useChannelMutation(async (value: string) => {
    const channel = await identityCall(
      'POST',
      '/contact-channels',
      { user_id: 'me', type: 'email', value, used_for_auth: false },
      channelSchema,
    );
    await sendVerification(channel.id);
  });

async function sendVerification(id: string) {
  await identityCall(
    'POST',
    `/contact-channels/me/${encodeURIComponent(id)}/send-verification-code`,
    { callback_url: verificationCallback() },
    anything,
  );
}

export const useSendVerification = () => useChannelMutation(sendVerification);

/** Makes a verified address the primary one, which is also used to sign in. */
export const useMakePrimary = () =>
  useChannelMutation((id: string) =>
    identityCall(
      'PATCH',
      `/contact-channels/me/${encodeURIComponent(id)}`,
      { is_primary: true, used_for_auth: true },
      anything,
    ),
  );

export const useRemoveEmail = () =>
  useChannelMutation((id: string) =>
    identityCall('DELETE', `/contact-channels/me/${encodeURIComponent(id)}`, undefined, anything),
  );
