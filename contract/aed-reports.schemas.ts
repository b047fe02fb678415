import { z } from 'zod';

/** Schemas of report handling and of the option modules (spec §7 "AED"). */

export const reportIdParams = z.object({ id: z.coerce.number().int().positive() });

/** PATCH aed/onGoingReport/resolve/{id}?city: resolves a report, optionally mailing the reporter. */
export const resolveQuery = z.object({ city: z.string().max(120).optional() });
export const resolveBody = z
  .object({
    sendEmail: z.boolean().default(false),
    lang: z.string().max(10).optional(),
    /** Overrides of the template (after the user edited it). */
    subject: z.string().trim().min(1).max(200).optional(),
    text: z.string().trim().min(1).max(5000).optional(),
  })
  .default({ sendEmail: false });

export const emailTemplateQuery = z.object({ lang: z.string().max(10).optional(), type: z.coerce.number().int().min(1).max(7) });
export const emailTemplate = z.object({
  lang: z.enum(['en', 'fr', 'de']),
  type: z.number().int(),
  subject: z.string(),
  /** Placeholders {aedName}, {address}, {city}, {date} and {problem} are filled when mailing. */
  text: z.string(),
});

/** POST backOffice/email/sendMailForReportAed: mails the reporter of a report. */
export const sendMailForReportBody = z.object({
  idReport: z.number().int().positive(),
  lang: z.string().max(10).optional(),
  subject: z.string().trim().min(1).max(200).optional(),
  text: z.string().trim().min(1).max(5000).optional(),
});

export const optionsQuery = z.object({ lang: z.string().max(10).optional(), module: z.string().max(40).optional() });
export const optionItem = z.object({ value: z.union([z.string(), z.number()]), label: z.string(), brand: z.string().optional() });

export const rotateParams = z.object({ fileName: z.string().regex(/^[A-Za-z0-9_-]+\.(?:jpg|png|webp|gif)$/) });
export const rotateQuery = z.object({
  degrees: z.coerce.number().int().refine((value) => value % 90 === 0 && Math.abs(value) <= 270, 'error.validation'),
  service: z.string().max(40).optional(),
  path: z.string().max(200).optional(),
});
export const pictureParams = z.object({ a: z.string().min(1).max(64), b: z.string().min(1).max(120) });
/** GET option/getOptionsModules: every option list of the register, labelled in the asked language. */
export const aedOptions = z.record(z.string(), z.array(optionItem));
export type AedOptions = z.output<typeof aedOptions>;
export type OptionItem = z.output<typeof optionItem>;

/** GET aed/getAed/{id}?lat&lon: the point the answer's distance is measured from. */
export const distanceQuery = z.object({ lat: z.coerce.number().min(-90).max(90).optional(), lon: z.coerce.number().min(-180).max(180).optional() });
export const contactIdParams = z.object({ id: z.coerce.number().int().positive() });
export const fileIdParams = z.object({ id: z.string().max(12) });

/** What a delete answers (a contact, a picture, a report). */
export const deletedResult = z.object({ id: z.number().int(), deleted: z.boolean() });
export type DeletedResult = z.output<typeof deletedResult>;

export type EmailTemplate = z.output<typeof emailTemplate>;
/** How a report is resolved: with or without a mail, from the template or the edited subject and text. */
export type ResolveChoice = z.input<typeof resolveBody>;
/** The mail sent to a reporter: the language of the template, or the edited subject and text. */
export type MailChoice = Omit<z.input<typeof sendMailForReportBody>, 'idReport'>;
