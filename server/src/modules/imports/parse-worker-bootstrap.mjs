// Entry of the parse worker thread: worker threads do not inherit the loader hooks of the main
// thread, so this plain module registers tsx before loading the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./parse-worker.ts');
