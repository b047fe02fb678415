import { index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { responderDevices, responders } from './responders';

/**
 * Testers (spec §3 "Tester"): responders' phones that receive test alerts and test notifications.
 * Name and phone are copied from the responder when added (and refreshed on every change), the
 * zipcode comes from the reverse geocoding of the responder's last known position.
 */
export const testers = pgTable(
  'testers',
  {
    id: serial('id').primaryKey(),
    responderId: integer('responder_id')
      .notNull()
      .references(() => responders.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => responderDevices.id, { onDelete: 'cascade' }),
    udid: varchar('udid', { length: 200 }).notNull(),
    name: varchar('name', { length: 201 }).notNull(),
    phone: varchar('phone', { length: 30 }).notNull(),
    zipcode: varchar('zipcode', { length: 10 }),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('testers_device_idx').on(t.deviceId), index('testers_responder_idx').on(t.responderId)],
);
