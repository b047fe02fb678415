import type { AppContext } from '../context';
import { AppError } from '../errors';

/**
 * Runs an action and turns an unexpected failure into a 500 with the action's own message key
 * (spec §8: "testers could not be added", "error loading draft"...), logged with its cause.
 * Expected failures (AppError) pass through unchanged.
 */
export async function keyed<T>(ctx: AppContext, key: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    ctx.log.error({ err: error }, key);
    throw new AppError(500, key);
  }
}
