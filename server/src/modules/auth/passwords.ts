import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/**
 * Password hashes run one fewer at a time than there are cores, the others wait their turn. Each
 * costs tens of milliseconds of CPU on the thread pool: a burst of sign-ins running them all at
 * once starved the server's own thread, so that alerts and dispatch waited (on 2 cores new
 * connections then took 30 s to get an answer). One core always stays for the server's thread.
 */
const inTurn = turns(Math.max(1, availableParallelism() - 1));

/** Runs work at most `slots` at a time, the rest in the order they came. */
export function turns(slots: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, or is freed.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

export const hashPassword = (password: string) => inTurn(() => hash(password));
export const verifyPassword = (hashed: string, password: string) => inTurn(() => verify(hashed, password));
