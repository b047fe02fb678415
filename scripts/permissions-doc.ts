import { writeFileSync } from 'node:fs';
import { renderPermissionsDoc } from '../contract/permissions.render';

/** Writes docs/permissions.md from the permission matrix. */
writeFileSync(new URL('../docs/permissions.md', import.meta.url), renderPermissionsDoc());
console.log('docs/permissions.md written');
