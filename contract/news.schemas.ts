import { z } from 'zod';

/**
 * The news banner of the staff app (spec §3 "Local notification", §7): GET
 * /services/backOffice/notification/?lang&tag. The SPA keeps the answer under the key
 * `notification` and shows it as new when its version is above the stored one.
 */
export const newsQuery = z.object({
  /** en, fr, de, or a locale such as fr_FR; falls back to English. */
  lang: z.string().max(10).default('en'),
  tag: z.string().regex(/^[a-z0-9-]{1,40}$/).default('backoffice'),
});

export const news = z.object({ title: z.string(), content: z.string(), link: z.string().nullable(), version: z.number().int() });

/** The latest news of the tag in the language, or null when there is none. */
export const newsAnswer = news.nullable();
export type News = z.infer<typeof news>;
