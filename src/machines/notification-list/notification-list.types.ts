import type { messageTypes, NotificationItem, osDevices } from '../../../contract/notification.schemas';
import type { Result } from '../../services/http';
import type { NotificationPage } from '../../../contract/notification.schemas';
import type { NotificationListQuery } from '../../services/notification.api';

export type OsDevice = (typeof osDevices)[number];
export type MessageType = (typeof messageTypes)[number];

/** An application (site) whose responders a notification targets: the caller's account and those below it. */
export interface SiteOption {
  id: number;
  name: string;
}

/** The list filters of spec §3 "Notification" list state: site, OS and message type; null is "any". */
export interface NotificationFilter {
  idSite: number | null;
  osDevice: OsDevice | null;
  type: MessageType | null;
}

/** An action running on one notification of the page. */
export interface PendingAction {
  id: number;
  action: 'toggle' | 'delete' | 'duplicate';
}

/** Spec §3 list state (list, count, loading, filter, pages, limit, refresh) plus what the screen needs. */
export interface NotificationListContext {
  list: NotificationItem[];
  count: number;
  loading: boolean;
  /** The load running is a refresh (button or REFRESH_NOTIFS): the rows stay on screen meanwhile. */
  quiet: boolean;
  filter: NotificationFilter;
  /** Zero-based current page; the server is sent page + 1. */
  pages: number;
  limit: number;
  /** A refresh was asked while the list was busy: load again once it is free. */
  refresh: boolean;
  sites: SiteOption[];
  /** Message key of the last failed load, null when none. */
  errorKey: string | null;
  pending: PendingAction | null;
}

export type NotificationListEvent =
  | { type: 'filter.change'; filter: Partial<NotificationFilter> }
  | { type: 'page.change'; page: number }
  /** The refresh button, and every REFRESH_NOTIFS of the account. */
  | { type: 'list.refresh' }
  /** Play or stop, as the notification chart allows from the item's status. */
  | { type: 'notification.toggle'; id: number }
  | { type: 'notification.delete'; id: number }
  | { type: 'notification.duplicate'; id: number };

export type PageOutcome = Result<NotificationPage>;
export type ItemOutcome = Result<NotificationItem>;
export type DeleteOutcome = Result<{ id: number; deleted: true }>;
export type SitesOutcome = Result<SiteOption[]>;
export type { NotificationListQuery };
