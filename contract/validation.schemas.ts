import { z } from 'zod';

/**
 * Validation of citizen responders (spec §2, §4 "Responder validation", §7), under
 * /services/backoffice/firstResponder/.
 */

export const validationStatuses = ['activated', 'refused', 'waiting'] as const;
export const validationStatus = z.enum(validationStatuses);

/** GET getDataValidationResponder: page is the zero-based page plus 1, as every paged call. */
export const validationQuery = z.object({
  lang: z.string().max(10).default('en'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const waitingResponder = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  age: z.number().int().nullable(),
  gender: z.string().nullable(),
  /** trained, untrained, trainedWithoutDiploma */
  trainedStatus: z.string(),
  /** The trained status in the requested language. */
  trainedStatusLabel: z.string(),
  skill: z.string().nullable(),
  skillSpeciality: z.string().nullable(),
  accountStatus: validationStatus,
  idSite: z.number().int().nullable(),
  siteName: z.string().nullable(),
  createdAt: z.string(),
  hasDiploma: z.boolean(),
  /** Path of getDiploma for this responder, null without a diploma. */
  diplomaUrl: z.string().nullable(),
});

export const validationList = z.object({ list: z.array(waitingResponder), count: z.number().int() });

export const diplomaParams = z.object({ id: z.coerce.number().int().positive() });

/** Why a responder account is refused; the responder is told (mail and push) in their language. */
export const refusalReasons = ['diplomaMissing', 'diplomaUnreadable', 'diplomaNotRecognised', 'outsideArea', 'duplicate', 'other'] as const;
export const refusalReason = z.enum(refusalReasons);
export type RefusalReason = z.infer<typeof refusalReason>;

/**
 * PATCH patchDataValidationResponder: one or several responders by id, or every waiting
 * responder the caller may see with `all: true`. A refusal needs a reason (and a note for
 * `other`), which the responder is told.
 */
export const validationPatch = z.object({
  status: validationStatus,
  ids: z.array(z.number().int().positive()).max(1000).optional(),
  all: z.boolean().optional(),
  reason: refusalReason.optional(),
  /** Words of the staff member added to the reason (required with `other`). */
  note: z.string().trim().max(500).optional(),
});

export const validationPatched = z.object({ status: validationStatus, updated: z.number().int(), ids: z.array(z.number().int()) });
