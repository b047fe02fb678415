import { describe, expect, it } from 'vitest';
import { hashPassword, turns, verifyPassword } from '../../server/src/modules/auth/passwords';

/** Password hashes take turns, so that a burst of sign-ins leaves a core to the server's own thread. */
describe('password hashing in turns', () => {
  it('runs at most its slots at once, the others in the order they came, and frees a slot on failure', async () => {
    const inTurn = turns(2);
    let running = 0;
    let most = 0;
    const finished: number[] = [];
    const work = (id: number, fails = false) =>
      inTurn(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 10));
        running -= 1;
        if (fails) throw new Error(`work ${id} failed`);
        finished.push(id);
        return id;
      });
    const results = await Promise.allSettled([work(1), work(2, true), work(3), work(4), work(5)]);
    expect(most).toBe(2);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(finished).toEqual([1, 3, 4, 5]);
    expect(await work(6)).toBe(6); // every slot was given back
  });

  it('hashes and verifies passwords, however many are asked at once', async () => {
    const hashed = await hashPassword('correct horse battery staple');
    const checks = await Promise.all(['correct horse battery staple', 'wrong', 'correct horse battery staple'].map((password) => verifyPassword(hashed, password)));
    expect(checks).toEqual([true, false, true]);
  });
});
