import { validationErrors } from '../../../../contract/validation.errors';
import type { RefusalReason } from '../../../../contract/validation.schemas';
import type { AppContext } from '../../context';
import { AppError, badRequest, notFound } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { keyed } from '../../shared/keyed';
import { translate } from '../../shared/translate';
import { mediaTypeOf, readStored } from './diplomas';
import { queueRefusalPush, tellRefused, type Refusal } from './refusal';
import * as repo from './repo';
import { responderScope } from '../accounts/face';

/** The diploma of a responder as served by getDiploma. */
export const diplomaPath = (id: number) => `/services/backoffice/firstResponder/getDiploma/${id}`;

/** One page of responders waiting for validation (page is 1-based). */
export async function waitingPage(ctx: AppContext, session: Session, query: { lang: string; page: number; limit: number }) {
  return keyed(ctx, validationErrors.list, async () => {
    const scope = await responderScope(ctx.database.db, session.siteId);
    const { rows, count } = await repo.waitingResponders(ctx.database.db, scope, query.limit, (query.page - 1) * query.limit);
    return {
      count,
      list: rows.map(({ diplomaFile, createdAt, ...row }) => ({
        ...row,
        trainedStatusLabel: translate(query.lang, `responder.trained.${row.trainedStatus}`),
        createdAt: new Date(createdAt).toISOString(),
        hasDiploma: diplomaFile !== null,
        diplomaUrl: diplomaFile === null ? null : diplomaPath(row.id),
      })),
    };
  });
}

/**
 * Validates, refuses or puts back on hold one, several or all waiting responders. Every id must
 * be visible to the caller, or nothing changes (404 with the ids not found). A refusal carries a
 * reason that each refused responder is told by push (queued with the change) and by mail.
 */
export async function patchStatus(ctx: AppContext, session: Session, body: { status: 'activated' | 'refused' | 'waiting'; ids?: number[]; all?: boolean; reason?: RefusalReason; note?: string }) {
  const ids = [...new Set(body.ids ?? [])];
  if (!body.all && ids.length === 0) throw badRequest(validationErrors.emptyPayload);
  const refusal = body.status === 'refused' ? refusalOf(body) : null;
  return keyed(ctx, validationErrors.validate, async () => {
    const scope = await responderScope(ctx.database.db, session.siteId);
    let targets: number[];
    if (body.all) {
      targets = await repo.waitingIds(ctx.database.db, scope);
    } else {
      const visible = new Set(await repo.visibleIds(ctx.database.db, scope, ids));
      const missing = ids.filter((id) => !visible.has(id));
      if (missing.length > 0) throw new AppError(404, validationErrors.validate, { missing });
      targets = ids;
    }
    const { updated, told } = await ctx.database.db.transaction(async (tx) => {
      const changed = targets.length === 0 ? [] : await repo.setAccountStatus(tx, targets, body.status);
      return { updated: changed, told: refusal && changed.length > 0 ? await queueRefusalPush(tx, changed, refusal) : [] };
    });
    // A refused responder's devices stop opening the responder API from this answer on.
    if (refusal) ctx.deviceTokens.forget();
    if (refusal) tellRefused(ctx, told, refusal);
    ctx.log.info({ by: session.userId, status: body.status, count: updated.length, reason: refusal?.reason }, 'responders validated');
    return { status: body.status, updated: updated.length, ids: updated };
  });
}

/** A refusal's reason, required, with the note `other` needs (400 otherwise, before anything changes). */
function refusalOf(body: { reason?: RefusalReason; note?: string }): Refusal {
  if (!body.reason) throw badRequest(validationErrors.reasonRequired);
  const note = body.note?.trim() || undefined;
  if (body.reason === 'other' && !note) throw badRequest(validationErrors.noteRequired);
  return { reason: body.reason, note };
}

/** The diploma bytes of a responder of the caller's accounts, with their media type. */
export async function diploma(ctx: AppContext, session: Session, id: number) {
  return keyed(ctx, validationErrors.image, async () => {
    const scope = await responderScope(ctx.database.db, session.siteId);
    const row = await repo.diplomaOf(ctx.database.db, scope, id);
    if (!row?.diplomaFile) throw notFound(validationErrors.image);
    const bytes = await readStored(ctx.config.DATA_DIR, row.diplomaFile);
    const media = bytes && mediaTypeOf(bytes);
    if (!bytes || !media) throw notFound(validationErrors.image);
    return { bytes, ...media };
  });
}
