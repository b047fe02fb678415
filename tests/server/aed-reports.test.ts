import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountId, aedBase, call, newAed, signInOn } from '../fixtures/aed/helpers';
import { startTestServer, type TestServer } from './harness';

/** Reports: report a problem, template, resolve with and without a mail, soluble, delete. */
let server: TestServer;
let editor: string;

beforeAll(async () => {
  server = await startTestServer({}, { background: false });
  editor = await server.signIn('aed-editor@vigil.test');
});
afterAll(async () => server?.close());

function mails(): { to: string; subject: string; text: string }[] {
  const folder = join(server.dataDir, 'mail');
  let names: string[] = [];
  try {
    names = readdirSync(folder).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return names.map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')));
}

/**
 * A new AED with a report whose reporter is `email`, as a report from the public records it (the
 * staff call signs a report with the caller's own address and takes no other, so the test writes
 * the public reporter's address into the row; null: a reporter who left none).
 */
async function aedWithReport(problem = 2, email: string | null = 'witness@example.net') {
  const aed = (await call(server, editor, 'PATCH', `${aedBase}/patchAed/new`, newAed({ name: `Pharmacie ${Math.random().toString(36).slice(2, 7)}`, city: 'Riom' }))).body.data;
  const report = await call(server, editor, 'POST', `${aedBase}/reportProblem`, { idData: aed.udid, problem, description: 'Voyant rouge' });
  expect(report.status).toBe(200);
  await server.ctx.database.query('UPDATE aed_reports SET reporter_email = $1 WHERE id = $2', [email, report.body.data.id]);
  return { aed, report };
}

describe('reports', () => {
  it('records a problem on an AED, shown by getAed and counted in the list', async () => {
    const { aed, report } = await aedWithReport(2);
    expect(report.status).toBe(200);
    expect(report.body.data).toMatchObject({ problemType: 2, email: 'aed-editor@vigil.test', description: 'Voyant rouge', city: 'Riom', status: 'onGoing' });
    const detail = (await call(server, editor, 'GET', `${aedBase}/getAed/${aed.id}`)).body.data;
    expect(detail.reports.map((row: { id: number }) => row.id)).toEqual([report.body.data.id]);
    expect(detail.reports[0].email).toBe('witness@example.net');
    const listed = await call(server, editor, 'POST', `${aedBase}/getAllList`, { filter: [{ type: 'TAG', tag: 'udid', value: aed.udid }] });
    expect(listed.body.data.list[0].onGoingReports).toBe(1);
    const withReports = await call(server, editor, 'POST', `${aedBase}/getAllList`, { filter: [{ type: 'ADVANCED', tag: 'hasReports', value: true }, { type: 'ALL', value: aed.name }] });
    expect(withReports.body.data.list.map((row: { udid: string }) => row.udid)).toEqual([aed.udid]);
    const without = await call(server, editor, 'POST', `${aedBase}/getAllList`, { filter: [{ type: 'ADVANCED', tag: 'hasReports', value: false }, { type: 'ALL', value: aed.name }] });
    expect(without.body.data.list).toEqual([]);
    const byId = await call(server, editor, 'POST', `${aedBase}/reportProblem`, { idData: aed.id, problem: 7 });
    expect(byId.body.data.email).toBe('aed-editor@vigil.test');
    expect((await call(server, editor, 'POST', `${aedBase}/reportProblem`, { idData: aed.id, problem: 8 })).status).toBe(400);
    const outside = await call(server, editor, 'POST', `${aedBase}/reportProblem`, { idData: aed.id, problem: 7, email: 'someone@example.org' });
    expect(outside.status).toBe(400);
    expect(outside.body.msg).toBe('error.aed.report-email-not-own');
  });

  it('gives the mail template of a type in a language', async () => {
    const fr = await call(server, editor, 'GET', `${aedBase}/onGoingReport/email-template?lang=fr&type=1`);
    expect(fr.status).toBe(200);
    expect(fr.body.data).toMatchObject({ lang: 'fr', type: 1 });
    expect(fr.body.data.subject).toContain('{aedName}');
    expect(fr.body.data.text).toContain('Bonjour');
    const de = await call(server, editor, 'GET', `${aedBase}/onGoingReport/email-template?lang=de_DE&type=6`);
    expect(de.body.data.text).toContain('Öffnungszeiten');
    expect((await call(server, editor, 'GET', `${aedBase}/onGoingReport/email-template?lang=en&type=9`)).status).toBe(400);
  });

  it('resolves with a mail built from the template, once', async () => {
    const { aed, report } = await aedWithReport(3);
    const before = mails().length;
    const resolved = await call(server, editor, 'PATCH', `${aedBase}/onGoingReport/resolve/${report.body.data.id}?city=Riom`, { sendEmail: true, lang: 'en' });
    expect(resolved.status).toBe(200);
    expect(resolved.body.data.status).toBe('resolved');
    expect(resolved.body.data.mailSentAt).not.toBeNull();
    const sent = mails();
    expect(sent.length).toBe(before + 1);
    const mail = sent.find((entry) => entry.subject.includes(aed.name))!;
    expect(mail.to).toBe('witness@example.net');
    expect(mail.text).toContain('The position of the device has been corrected');
    expect(mail.text).toContain('Riom');
    expect(mail.text).not.toContain('{');
    const again = await call(server, editor, 'PATCH', `${aedBase}/onGoingReport/resolve/${report.body.data.id}`, { sendEmail: false });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('error.aed.report-already-resolved');
  });

  it('resolves without a mail, and refuses a mail when the reporter left no address', async () => {
    const { report } = await aedWithReport(4, null);
    const before = mails().length;
    const withMail = await call(server, editor, 'PATCH', `${aedBase}/onGoingReport/resolve/${report.body.data.id}`, { sendEmail: true });
    expect(withMail.status).toBe(400);
    expect(withMail.body.msg).toBe('error.aed.report-no-email');
    const resolved = await call(server, editor, 'PATCH', `${aedBase}/onGoingReport/resolve/${report.body.data.id}`, {});
    expect(resolved.status).toBe(200);
    expect(resolved.body.data).toMatchObject({ status: 'resolved', mailSentAt: null });
    expect(mails().length).toBe(before);
  });

  it('sends an edited mail through email/sendMailForReportAed', async () => {
    const { report } = await aedWithReport(1);
    const sent = await call(server, editor, 'POST', '/services/backOffice/email/sendMailForReportAed', { idReport: report.body.data.id, subject: 'Merci {aedName}', text: 'Le DAE de {city} est revenu.' });
    expect(sent.status).toBe(200);
    expect(sent.body.data.status).toBe('onGoing');
    expect(mails().some((mail) => mail.text === 'Le DAE de Riom est revenu.')).toBe(true);
  });

  it('marks soluble, deletes on-going and done reports from the right call only', async () => {
    const { report } = await aedWithReport(5);
    const id = report.body.data.id;
    const soluble = await call(server, editor, 'PATCH', `${aedBase}/onGoingReport/soluble/${id}`);
    expect(soluble.body.data.status).toBe('soluble');
    expect((await call(server, editor, 'DELETE', `${aedBase}/reportDone/${id}`)).status).toBe(404);
    expect((await call(server, editor, 'DELETE', `${aedBase}/onGoingReport/${id}`)).status).toBe(200);
    expect((await call(server, editor, 'DELETE', `${aedBase}/onGoingReport/${id}`)).status).toBe(404);

    const done = (await aedWithReport(6)).report.body.data.id;
    await call(server, editor, 'PATCH', `${aedBase}/onGoingReport/resolve/${done}`, {});
    expect((await call(server, editor, 'DELETE', `${aedBase}/onGoingReport/${done}`)).status).toBe(404);
    expect((await call(server, editor, 'DELETE', `${aedBase}/reportDone/${done}`)).status).toBe(200);
  });

  it('takes a report from any group of the AED register, signed with the reporter address, and none from a group without it', async () => {
    const { aed } = await aedWithReport(2);
    const referent = await server.signIn('referent@vigil.test');
    const reported = await call(server, referent, 'POST', `${aedBase}/reportProblem`, { idData: aed.udid, problem: 6, description: 'Closed on Sundays' });
    expect(reported.status).toBe(200);
    expect(reported.body.data).toMatchObject({ problemType: 6, email: 'referent@vigil.test', status: 'onGoing' });
    const detail = (await call(server, editor, 'GET', `${aedBase}/getAed/${aed.id}`)).body.data;
    expect(detail.reports.find((row: { id: number }) => row.id === reported.body.data.id)).toMatchObject({ status: 'onGoing', description: 'Closed on Sundays' });
    const withoutRights = await signInOn(server, 'reports-tester@vigil.test', 100002, await accountId(server, 'SDIS 63'));
    expect((await call(server, withoutRights, 'POST', `${aedBase}/reportProblem`, { idData: aed.udid, problem: 6 })).status).toBe(403);
    expect((await call(server, undefined, 'POST', `${aedBase}/reportProblem`, { idData: aed.udid, problem: 6 })).status).toBe(401);
  });

  it('keeps reports of other accounts out of reach', async () => {
    const { report } = await aedWithReport(2);
    const allier = await signInOn(server, 'reports-allier@vigil.test', 8, await accountId(server, 'SDIS 03'));
    expect((await call(server, allier, 'PATCH', `${aedBase}/onGoingReport/soluble/${report.body.data.id}`)).status).toBe(404);
    expect((await call(server, allier, 'DELETE', `${aedBase}/onGoingReport/${report.body.data.id}`)).status).toBe(404);
  });
});
