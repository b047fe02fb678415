import { sql } from 'drizzle-orm';
import type { RefusalReason } from '../../../../contract/validation.schemas';
import { pushDelivery } from '../../adapters/push/delivery';
import type { AppContext } from '../../context';
import { rowsOf, type Db } from '../../db/database';
import { translate } from '../../shared/translate';

/** Outbox kind of the message telling a responder their account was refused. */
export const refusedKind = 'ACCOUNT_REFUSED';

export interface Refusal {
  reason: RefusalReason;
  note?: string;
}

interface Refused {
  id: number;
  email: string;
  firstName: string;
  language: string;
}

/** The sentence a responder reads, in their language: the reason, then the staff member's note. */
function refusalText(language: string, refusal: Refusal): { title: string; body: string } {
  const reason = translate(language, `validation.refusal.reason.${refusal.reason}`);
  const note = refusal.note ? `\n${refusal.note}` : '';
  return { title: translate(language, 'validation.refusal.title'), body: `${translate(language, 'validation.refusal.body').replace('{reason}', reason)}${note}` };
}

/**
 * Queues the push message of a refusal on every active device of the refused responders, in the
 * transaction that refuses them, so a refusal is never recorded without its message.
 */
export async function queueRefusalPush(db: Db, ids: number[], refusal: Refusal): Promise<Refused[]> {
  const people = await rowsOf<Refused>(db, sql`SELECT id, email, first_name AS "firstName", language FROM responders WHERE id = ANY(${sql.param(ids)}::int[])`);
  for (const person of people) {
    const content = { ...refusalText(person.language, refusal), data: { kind: refusedKind, reason: refusal.reason } };
    await db.execute(sql`INSERT INTO push_outbox (device_id, responder_id, kind, payload)
      SELECT d.id, d.responder_id, ${refusedKind}, ${JSON.stringify(content)}::jsonb FROM responder_devices d WHERE d.responder_id = ${person.id} AND d.active`);
  }
  return people;
}

/** After the commit: delivers the queued pushes and mails each refused responder (a failed mail is logged, the refusal stands). */
export function tellRefused(ctx: AppContext, people: Refused[], refusal: Refusal): void {
  if (people.length === 0) return;
  pushDelivery(ctx).kick();
  for (const person of people) {
    const { title, body } = refusalText(person.language, refusal);
    const greeting = translate(person.language, 'validation.refusal.greeting').replace('{name}', person.firstName);
    ctx.mail.send({ to: person.email, subject: title, text: `${greeting}\n\n${body}\n` }).catch((error: unknown) => ctx.log.error({ err: error, responderId: person.id }, 'refusal mail failed'));
  }
}
