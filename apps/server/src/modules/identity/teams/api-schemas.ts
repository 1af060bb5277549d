import { hasUnsafeNameCharacters, unsafeNameMessage } from '@ipick/contracts';
import { z } from 'zod';
import { userIdOrMe } from '../core/api-schemas.ts';

/** Request parts of the team endpoints (stack-auth.md §3.11, §3.12); unknown keys are refused. */
const json = z.json().nullable();
const imageUrl = z.string().max(2048).nullable();
const teamName = z
  .string()
  .refine((name) => !hasUnsafeNameCharacters(name), unsafeNameMessage('Team names'))
  .trim()
  .min(1, 'Team names may not be empty')
  .max(256, 'Team names are at most 256 characters');
const memberName = z
  .string()
  .refine((name) => !hasUnsafeNameCharacters(name), unsafeNameMessage('Display names'))
  .trim()
  .max(256, 'Display names are at most 256 characters')
  // An empty name is no name: the profile falls back to the user's own.
  .transform((name) => (name === '' ? null : name));

const clientTeamFields = {
  display_name: teamName.optional(),
  profile_image_url: imageUrl.optional(),
  client_metadata: json.optional(),
};
const serverTeamFields = {
  ...clientTeamFields,
  client_read_only_metadata: json.optional(),
  server_metadata: json.optional(),
};

export const clientTeamCreateBody = z.strictObject({
  ...clientTeamFields,
  display_name: teamName,
  creator_user_id: userIdOrMe.optional(),
});
export const serverTeamCreateBody = z.strictObject({
  ...serverTeamFields,
  display_name: teamName,
  creator_user_id: userIdOrMe.optional(),
});
export const clientTeamUpdateBody = z.strictObject(clientTeamFields);
export const serverTeamUpdateBody = z.strictObject(serverTeamFields);

export const listTeamsQuery = z.strictObject({
  user_id: userIdOrMe.optional(),
  order_by: z.enum(['created_at']).optional(),
  desc: z.enum(['true', 'false']).optional(),
  cursor: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  query: z.string().max(256).optional(),
  add_current_user: z.enum(['true', 'false']).optional(),
});

export const teamIdParams = z.strictObject({ teamId: z.uuid() });
export const membershipParams = z.strictObject({ teamId: z.uuid(), userId: userIdOrMe });
export const emptyBody = z.strictObject({});

export const listProfilesQuery = z.strictObject({
  team_id: z.uuid().optional(),
  user_id: userIdOrMe.optional(),
});
export const profileUpdateBody = z.strictObject({
  display_name: memberName.nullable().optional(),
  profile_image_url: imageUrl.optional(),
});

const email = z.string().trim().toLowerCase().max(256).pipe(z.email());
export const sendInvitationBody = z.strictObject({
  email,
  team_id: z.uuid(),
  callback_url: z.string().min(1).max(2048),
});
export const invitationCodeBody = z.strictObject({ code: z.string().min(1).max(200) });
export const listInvitationsQuery = z.strictObject({
  team_id: z.uuid().optional(),
  user_id: userIdOrMe.optional(),
});
export const invitationParams = z.strictObject({ invitationId: z.uuid() });
export const invitationTeamQuery = z.strictObject({ team_id: z.uuid() });
export const acceptByIdQuery = z.strictObject({ user_id: userIdOrMe });
