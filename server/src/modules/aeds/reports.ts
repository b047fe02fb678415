import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { aedProblemTypes, optionLanguage } from '../../../../contract/aed-options';
import { aedErrorKeys } from '../../../../contract/aed.errors';
import { errorKeys } from '../../../../contract/errors';
import type { AppContext } from '../../context';
import { aedReports, aeds } from '../../db/schema/aeds';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { reportOf } from './mapper';
import { fillTemplate, reportTemplate } from './report-templates';
import { displayZone } from './settings';
import { findVisibleAed, visibleSites } from './tenancy';

/** A report with its AED, when the AED belongs to the caller's tree; 404 otherwise. */
async function visibleReport(ctx: AppContext, session: Session, id: number) {
  const [row] = await ctx.database.db.select({ report: aedReports, aed: aeds }).from(aedReports).innerJoin(aeds, eq(aeds.id, aedReports.aedId)).where(eq(aedReports.id, id));
  const sites = await visibleSites(ctx, session);
  if (!row || !sites.some((site) => site.id === row.aed.idSite)) throw notFound(aedErrorKeys.reportNotFound);
  return row;
}

/**
 * POST backOffice/aed/reportProblem {idData, problem, email}. A report filed by staff is signed
 * with the caller's own address: any other would let staff have Vigil mail outsiders (the reply
 * goes to the reporter). Only reports from the public keep an outside reporter's address.
 */
export async function reportProblem(ctx: AppContext, session: Session, body: { idData: number | string; problem: number; email?: string | null; description?: string | null; city?: string | null }) {
  if (body.email && body.email.toLowerCase() !== session.email.toLowerCase()) throw badRequest(aedErrorKeys.reportEmailNotOwn, [{ field: 'email', message: aedErrorKeys.reportEmailNotOwn }]);
  const { aed } = await findVisibleAed(ctx, session, body.idData);
  const [row] = await ctx.database.db
    .insert(aedReports)
    .values({ aedId: aed.id, problemType: body.problem, reporterEmail: session.email, description: body.description ?? null, city: body.city ?? aed.city })
    .returning();
  return reportOf(row);
}

/** DELETE aed/onGoingReport/{id}: drops a report not resolved yet. */
export async function deleteOnGoing(ctx: AppContext, session: Session, id: number) {
  const { report } = await visibleReport(ctx, session, id);
  if (report.status === 'resolved') throw notFound(aedErrorKeys.reportNotFound);
  await ctx.database.db.delete(aedReports).where(eq(aedReports.id, id));
  return { id, deleted: true };
}

/** DELETE aed/reportDone/{id}: drops a resolved report from the history. */
export async function deleteDone(ctx: AppContext, session: Session, id: number) {
  const { report } = await visibleReport(ctx, session, id);
  if (report.status !== 'resolved') throw notFound(aedErrorKeys.reportNotFound);
  await ctx.database.db.delete(aedReports).where(eq(aedReports.id, id));
  return { id, deleted: true };
}

/** PATCH aed/onGoingReport/soluble/{id}: the problem can be solved (handled by the team). */
export async function markSoluble(ctx: AppContext, session: Session, id: number) {
  const { report } = await visibleReport(ctx, session, id);
  if (report.status === 'resolved') throw conflict(aedErrorKeys.reportAlreadyResolved);
  const [row] = await ctx.database.db.update(aedReports).set({ status: 'soluble' }).where(eq(aedReports.id, id)).returning();
  return reportOf(row);
}

interface MailChoice {
  lang?: string;
  subject?: string;
  text?: string;
  city?: string;
}

/** Report mails one user may send an hour, and one report may receive a day. */
const mailsPerUserHour = 20;
const mailsPerReportDay = 3;

/** A link elsewhere than Vigil, or markup: what a mail meant for phishing or spam would carry. */
function unfitMailText(ctx: AppContext, text: string): boolean {
  const own = new URL(ctx.config.PUBLIC_URL).origin;
  const links = text.match(/\b(?:https?:\/\/|www\.)[^\s<>"']+/gi) ?? [];
  return /<[a-z!/][^>]*>/i.test(text) || links.some((link) => !link.toLowerCase().startsWith(own.toLowerCase()));
}

/**
 * Mails the reporter, from the template of the report's type or the edited text: only to the
 * address the report recorded, within a per-user and a per-report rate, an edited text checked,
 * and what was sent logged (without the address).
 */
async function mailReporter(ctx: AppContext, session: Session, report: typeof aedReports.$inferSelect, aed: typeof aeds.$inferSelect, choice: MailChoice) {
  if (!report.reporterEmail) throw badRequest(aedErrorKeys.reportNoEmail);
  for (const [field, value] of [['subject', choice.subject], ['text', choice.text]] as const) {
    if (value && unfitMailText(ctx, value)) throw badRequest(aedErrorKeys.reportMailText, [{ field, message: aedErrorKeys.reportMailText }]);
  }
  const byUser = await ctx.throttle.hit(`report-mail|user|${session.userId}`, 3_600_000);
  const byReport = await ctx.throttle.hit(`report-mail|report|${report.id}`, 86_400_000);
  if (byUser.hits > mailsPerUserHour || byReport.hits > mailsPerReportDay) throw new AppError(429, errorKeys.tooManyRequests);
  const template = reportTemplate(choice.lang, report.problemType);
  const language = optionLanguage(choice.lang);
  const values = {
    aedName: aed.name,
    address: aed.address,
    city: choice.city ?? report.city ?? aed.city,
    date: DateTime.fromJSDate(report.createdAt).setZone(displayZone).setLocale(language).toLocaleString(DateTime.DATE_FULL),
    problem: aedProblemTypes.find((type) => type.value === report.problemType)?.labels[language] ?? '',
  };
  try {
    const subject = fillTemplate(choice.subject ?? template.subject, values);
    const text = fillTemplate(choice.text ?? template.text, values);
    await ctx.mail.send({ to: report.reporterEmail, subject, text });
    ctx.log.info({ userId: session.userId, idReport: report.id, edited: Boolean(choice.subject ?? choice.text), subject, text }, 'report mail sent');
  } catch (error) {
    ctx.log.error({ err: error }, 'report mail failed');
    throw new AppError(502, aedErrorKeys.reportEmail);
  }
}

/** PATCH aed/onGoingReport/resolve/{id}?city: resolves, with or without a mail to the reporter. */
export async function resolveReport(ctx: AppContext, session: Session, id: number, choice: MailChoice & { sendEmail: boolean }) {
  const { report, aed } = await visibleReport(ctx, session, id);
  if (report.status === 'resolved') throw conflict(aedErrorKeys.reportAlreadyResolved);
  if (choice.sendEmail) await mailReporter(ctx, session, report, aed, choice);
  const now = new Date();
  const [row] = await ctx.database.db
    .update(aedReports)
    .set({ status: 'resolved', resolvedAt: now, resolvedBy: session.userId, ...(choice.sendEmail ? { mailSentAt: now } : {}) })
    .where(eq(aedReports.id, id))
    .returning();
  return reportOf(row);
}

/** POST backOffice/email/sendMailForReportAed: mails the reporter without changing the report's state. */
export async function sendMailForReport(ctx: AppContext, session: Session, body: { idReport: number } & MailChoice) {
  const { report, aed } = await visibleReport(ctx, session, body.idReport);
  await mailReporter(ctx, session, report, aed, body);
  const [row] = await ctx.database.db.update(aedReports).set({ mailSentAt: new Date() }).where(eq(aedReports.id, report.id)).returning();
  return reportOf(row);
}
