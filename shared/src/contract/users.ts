import { z } from 'zod';
import { ROLES, type Role } from '../domain/users/events';
import { requiredId, storableText } from './text';

export { ROLES, type Role };

export const USERNAME_MAX_LENGTH = 100;
export const PROFILE_PICTURE_MAX_LENGTH = 500;
/** What the request may carry; the domain's own (shorter) bio limit answers with its message. */
export const BIO_BODY_MAX_LENGTH = 2000;

/** POST /api/edit-user: the caller's own profile. */
export const editUserBody = z.object({
  username: storableText('username').max(USERNAME_MAX_LENGTH),
  bio: storableText('bio').max(BIO_BODY_MAX_LENGTH).default(''),
  profilePicture: storableText('profilePicture').max(PROFILE_PICTURE_MAX_LENGTH).default(''),
});
/** POST /api/admin-edit-user. */
export const adminEditUserBody = z.object({
  userId: requiredId('userId'),
  role: z.enum(ROLES, { message: `Role must be one of: ${ROLES.join(', ')}` }),
});
/** POST /api/admin-delete-user. */
export const adminDeleteUserBody = z.object({ userId: requiredId('userId') });

/** POST /api/get-balance-of-account-from-username. */
export const balanceBody = z.object({ name: storableText('name', 'name is required').min(1, 'name is required').max(USERNAME_MAX_LENGTH) });

export const USER_PAGE_SIZES = [10, 20, 50] as const;
/** GET /api/get-users?page&pageSize. */
export const usersPageQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => (USER_PAGE_SIZES as readonly number[]).includes(size), `pageSize must be ${USER_PAGE_SIZES.slice(0, -1).join(', ')} or ${USER_PAGE_SIZES.at(-1)}`)
    .default(10),
});

/** GET /api/get-user: the logged-in user's record. */
export interface CurrentUser {
  userId: string;
  username: string;
  email: string;
  nickname: string;
  bio: string;
  profilePicture: string;
  role: Role;
}

/** A row of GET /api/get-users (its total in X-Total-Count). */
export interface AdminUserRow {
  userId: string;
  username: string;
  email: string;
  profilePicture: string | null;
  role: Role;
}

/** The body of POST /api/edit-user as the profile page sends it. */
export interface EditUserInput {
  username: string;
  bio: string;
  profilePicture: string;
}
