import { z } from 'zod';
import { LOCALES } from '../locale.js';
import { BODY_MESSAGE } from './common.js';

/** PATCH /api/users/me: the shopper's language (docs/i18n.md). */
export const profileLocaleSchema = z.object(
  { locale: z.enum(LOCALES, { error: 'Language must be en-IN or hi-IN' }) },
  { error: BODY_MESSAGE },
);
export type ProfileLocaleInput = z.infer<typeof profileLocaleSchema>;
