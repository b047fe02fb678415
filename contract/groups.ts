/** User groups (spec §3, §6). 100001 and 100002 are pseudo-groups handed out at sign-in. */
export const groups = {
  superAdmin: 1,
  operator: 5,
  administrator: 6,
  referent: 7,
  aedManager: 8,
  aedEditor: 9,
  updatePassword: 100001,
  noRights: 100002,
  signedOut: 0,
} as const;

export type GroupId = (typeof groups)[keyof typeof groups];

/** Staff groups that can hold an account; the pseudo-groups are derived, never stored. */
export const staffGroups = [1, 5, 6, 7, 8, 9] as const;

/** Groups that receive live alerts over the WebSocket (spec §6 "live flags"). */
export const liveAlertGroups: readonly number[] = [1, 5, 6];
/** Groups that receive notification refreshes. */
export const liveNotificationGroups: readonly number[] = [1, 5, 6, 7, 8, 9];

/** Label key of a group for the account header. */
export function groupLabelKey(idGroup: number): string {
  return `group.${idGroup}`;
}
