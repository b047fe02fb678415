import { capabilities } from './access';
import { expectedStatus, matrixGroups, permissionMatrix, type MatrixRow } from './permissions.matrix';

/** The group headings of the rendered table. */
const groupNames: Record<number, string> = {
  0: '0 signed out',
  1: '1 super admin',
  5: '5 operator',
  6: '6 administrator',
  7: '7 referent',
  8: '8',
  9: '9',
  100001: '100001 update password',
  100002: '100002 error page',
};

function cell(row: MatrixRow, group: (typeof matrixGroups)[number]): string {
  const own = expectedStatus(row, group, 'own');
  const other = expectedStatus(row, group, 'other');
  return other === undefined || other === own ? String(own) : `${own} / ${other}`;
}

function accessLabel(row: MatrixRow): string {
  const base = row.access === 'indicators' ? 'dashboard.view or alert.reporting' : row.access;
  return row.groups ? `${base} (groups ${row.groups.join(', ')})` : base;
}

/** docs/permissions.md, rendered from contract/permissions.matrix.ts (the matrix test checks it is current). */
export function renderPermissionsDoc(): string {
  const lines = [
    '<!-- Generated from contract/permissions.matrix.ts by `npx tsx scripts/permissions-doc.ts`; do not edit. -->',
    '',
    '# Permissions',
    '',
    'Every HTTP endpoint of Vigil, and the status each group gets. A cell reads `own / other`: the',
    "status on the caller's own account (or the call itself when it has no account target), then on",
    'an account the caller may not see; one number when both are the same or the call has no account',
    'target. 401: no session (or a staff session on the responder API, which takes device tokens',
    'only); 403: the group may not; anything else: the call reached its service, and the status is',
    "the service's answer to the request the test sends (see the note). `tests/server/permission-matrix.test.ts`",
    'signs in as every group and checks every cell, on PGlite and on PostgreSQL; an endpoint without',
    'a row fails it.',
    '',
    '## Capabilities',
    '',
    '| capability | groups |',
    '| --- | --- |',
    ...Object.entries(capabilities).map(([name, groups]) => `| ${name} | ${groups.join(', ')} |`),
    '',
    '## Matrix',
    '',
    `| endpoint | access | ${matrixGroups.map((group) => groupNames[group]).join(' | ')} | note |`,
    `| --- | --- | ${matrixGroups.map(() => '---').join(' | ')} | --- |`,
    ...permissionMatrix.map(
      (row) => `| \`${row.method} ${row.path.replace(/\*/g, '\\*')}\` | ${accessLabel(row)} | ${matrixGroups.map((group) => cell(row, group)).join(' | ')} | ${(row.note ?? '').replace(/\|/g, '\\|')} |`,
    ),
    '',
    `${permissionMatrix.length} endpoints × ${matrixGroups.length} groups × own / other account.`,
    '',
  ];
  return lines.join('\n');
}
