import { count } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { accounts } from '../schema/accounts';
import { seedAccounts } from './accounts';
import { seedCommunity } from './community';
import { seedAddresses } from './addresses';
import { seedAeds } from './aeds';
import { seedResponders } from './responders';
import { seedHistory } from './history';

/** Seeds the demo on first start (an empty accounts table); later starts leave the data alone. */
export async function seedDemoIfEmpty(ctx: AppContext): Promise<boolean> {
  const [{ value }] = await ctx.database.db.select({ value: count() }).from(accounts);
  if (value > 0) return false;
  const started = Date.now();
  const seeded = await seedAccounts(ctx.database.db);
  await seedAeds(ctx, seeded);
  await seedResponders(ctx.database.db, seeded);
  await seedCommunity(ctx, seeded);
  await seedHistory(ctx.database.db, seeded);
  await seedAddresses(ctx);
  ctx.log.info({ ms: Date.now() - started }, 'demo data seeded');
  return true;
}
