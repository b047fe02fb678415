-- The messages of one composed notification in the push outbox (progress counters, stop, play,
-- delete). push_outbox has no notification column: the notification id travels in
-- payload.data.notificationId, and this partial expression index finds a notification's rows.
CREATE INDEX IF NOT EXISTS "push_outbox_notification_idx" ON "push_outbox" (("payload" -> 'data' ->> 'notificationId'), "status") WHERE "kind" = 'NOTIFICATION';
