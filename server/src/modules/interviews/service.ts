import { sql } from 'drizzle-orm';
import type { ContactStatus } from '../../../../contract/charts/callback.chart';
import { emptyAnswers, interviewAnswers, interviewChoices, technicalIssues, type InterviewAnswers, type InterviewForm } from '../../../../contract/interview.schemas';
import type { AppContext } from '../../context';
import { rowsOf, type Db } from '../../db/database';
import { notFound } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { acceptedAt, contactStatusOf, setOff, allowedOutcomes } from '../callbacks/face';
import { inIds, isoOf } from '../../shared/sql-values';
import { resolveScope } from '../accounts/face';

interface FormRow {
  request_id: number;
  alert_id: number;
  alert_type: number;
  address: string;
  address_info: string;
  id_site: number;
  launched_at: Date | null;
  closed_at: Date | null;
  test: boolean;
  responder_id: number;
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  age: number | null;
  gender: string | null;
  trained_status: string;
  skill: string | null;
  interventions_count: number;
  status: string;
  mission: string;
  distance: number;
  accepted_at: Date | null;
  set_off: boolean;
  contact_status: ContactStatus;
  recall_at: Date | null;
  callback_id: number | null;
  answers: unknown;
  technical_issues: unknown;
  completed_at: Date | null;
}

async function formRow(db: Db, requestId: number, siteIds: number[]): Promise<FormRow | undefined> {
  const [row] = await rowsOf<FormRow>(
    db,
    sql`SELECT q.id AS request_id, a.id AS alert_id, a.alert_type, a.address, a.address_info, a.id_site, a.launched_at, a.closed_at, a.test,
               r.id AS responder_id, r.first_name, r.last_name, r.phone, r.email, r.age, r.gender, r.trained_status, r.skill, r.interventions_count,
               q.status, q.mission, q.distance, ${acceptedAt()} AS accepted_at, ${setOff()} AS set_off, ${contactStatusOf()} AS contact_status,
               c.recall_at, c.id AS callback_id, i.answers, i.technical_issues, i.completed_at
          FROM alert_requests q JOIN alerts a ON a.id = q.alert_id JOIN responders r ON r.id = q.responder_id
          LEFT JOIN callbacks c ON c.request_id = q.id LEFT JOIN interviews i ON i.callback_id = c.id
         WHERE q.id = ${requestId} AND ${inIds(sql`a.id_site`, siteIds)}`,
  );
  return row;
}

/** What Vigil already knows, as answers to start from: age, gender, distance, the interviewer. */
function prefillOf(row: FormRow, interviewer: string): InterviewAnswers {
  const answers = emptyAnswers();
  answers.identity.age = row.age;
  answers.identity.gender = (interviewChoices.gender as readonly string[]).includes(row.gender ?? '') ? (row.gender as InterviewAnswers['identity']['gender']) : null;
  answers.intervention.distance = row.distance;
  answers.intervention.setOff = row.set_off ? true : null;
  answers.intervention.interviewer = interviewer;
  return answers;
}

/**
 * GET citizenAlertForm/{id} (the post-intervention form of one responder on one alert; id is the
 * request): the alert, the responder, the call-back status and calls so far, the responder's
 * earlier interventions, the saved interview or a prefill, and the outcomes allowed now.
 */
export async function loadForm(ctx: AppContext, session: Session, requestId: number): Promise<InterviewForm> {
  const db = ctx.database.db;
  const scope = await resolveScope(db, session, undefined);
  const row = await formRow(db, requestId, scope.ids);
  if (!row || !row.set_off) throw notFound();
  const [calls, earlier, [me]] = await Promise.all([
    row.callback_id === null
      ? Promise.resolve([])
      : rowsOf<{ at: Date; outcome: string; recall_at: Date | null; note: string | null; user_id: number | null; first_name: string | null; last_name: string | null }>(
          db,
          sql`SELECT k.at, k.outcome, k.recall_at, k.note, k.user_id, u.first_name, u.last_name FROM callback_calls k LEFT JOIN users u ON u.id = k.user_id
               WHERE k.callback_id = ${row.callback_id} ORDER BY k.at DESC, k.id DESC`,
        ),
    rowsOf<{ request_id: number; alert_id: number; date: Date; alert_type: number; status: string; contact_status: ContactStatus }>(
      db,
      sql`SELECT q.id AS request_id, a.id AS alert_id, coalesce(a.launched_at, a.created_at) AS date, a.alert_type, q.status, ${contactStatusOf()} AS contact_status
            FROM alert_requests q JOIN alerts a ON a.id = q.alert_id LEFT JOIN callbacks c ON c.request_id = q.id
           WHERE q.responder_id = ${row.responder_id} AND q.id <> ${requestId} AND ${setOff()} AND ${inIds(sql`a.id_site`, scope.ids)}
           ORDER BY date DESC LIMIT 10`,
    ),
    rowsOf<{ first_name: string; last_name: string }>(db, sql`SELECT first_name, last_name FROM users WHERE id = ${session.userId}`),
  ]);
  const saved = row.answers ? interviewAnswers.safeParse(row.answers) : undefined;
  const issues = row.technical_issues ? technicalIssues.safeParse(row.technical_issues) : undefined;
  return {
    id: row.request_id,
    alert: {
      alertId: row.alert_id,
      alertType: row.alert_type,
      address: row.address,
      addressInfo: row.address_info,
      idSite: row.id_site,
      siteName: scope.names.get(row.id_site) ?? '',
      launchedAt: isoOf(row.launched_at),
      closedAt: isoOf(row.closed_at),
      test: row.test,
    },
    responder: {
      citizenResponderId: row.responder_id,
      firstName: row.first_name,
      lastName: row.last_name,
      phone: row.phone,
      email: row.email,
      age: row.age,
      gender: row.gender,
      trainedStatus: row.trained_status,
      skill: row.skill,
      nbInterventions: row.interventions_count,
      status: row.status,
      mission: row.mission,
      distance: row.distance,
      acceptedAt: isoOf(row.accepted_at),
    },
    contactStatus: row.contact_status,
    recallAt: isoOf(row.recall_at),
    calls: calls.map((call) => ({
      at: isoOf(call.at)!,
      outcome: call.outcome as InterviewForm['calls'][number]['outcome'],
      recallAt: isoOf(call.recall_at),
      note: call.note ?? '',
      by: call.user_id === null ? null : { id: call.user_id, firstName: call.first_name ?? '', lastName: call.last_name ?? '' },
    })),
    earlier: earlier.map((item) => ({ requestId: item.request_id, alertId: item.alert_id, date: isoOf(item.date)!, alertType: item.alert_type, status: item.status, contactStatus: item.contact_status })),
    answers: saved?.success ? saved.data : null,
    technicalIssues: issues?.success ? issues.data : null,
    completedAt: row.contact_status === 'done' ? isoOf(row.completed_at) : null,
    prefill: prefillOf(row, me ? `${me.first_name} ${me.last_name}`.trim() : ''),
    allowedOutcomes: allowedOutcomes(row.contact_status),
  };
}
